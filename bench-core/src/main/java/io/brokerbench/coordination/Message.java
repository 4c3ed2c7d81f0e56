package io.brokerbench.coordination;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.result.ClockStatus;
import io.brokerbench.result.Environment;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.WorkloadSummary;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a shard and its coordinator say to each other, one JSON object per line ({@link Wire}); the
 * {@code type} field names the message.
 *
 * <p>Shard to coordinator: {@link Hello} on connecting, {@link Ready} once set up, {@link Started},
 * one {@link Interval} per closed interval, {@link Finished} at the end. Coordinator to shard:
 * {@link Start} or {@link Refused} in answer to {@code Ready}, {@link Stop} to end a running shard.
 * A shard also sends a {@link Heartbeat} every second, so that one that stops answering is noticed
 * though its connection stays open. A shard that loses its coordinator after the start dials again
 * and says hello with the start it had, then sends its {@code Started} and every interval since the
 * start once more: a restarted coordinator picks the run up where the shards are.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
  @JsonSubTypes.Type(value = Message.Hello.class, name = "hello"),
  @JsonSubTypes.Type(value = Message.Ready.class, name = "ready"),
  @JsonSubTypes.Type(value = Message.Start.class, name = "start"),
  @JsonSubTypes.Type(value = Message.Refused.class, name = "refused"),
  @JsonSubTypes.Type(value = Message.Started.class, name = "started"),
  @JsonSubTypes.Type(value = Message.Interval.class, name = "interval"),
  @JsonSubTypes.Type(value = Message.Finished.class, name = "finished"),
  @JsonSubTypes.Type(value = Message.Stop.class, name = "stop"),
  @JsonSubTypes.Type(value = Message.Heartbeat.class, name = "heartbeat")
})
public sealed interface Message {
  /**
   * A shard introduces itself.
   *
   * @param shard its 0-based index
   * @param shards how many shards the workload is split into
   * @param host the host it runs on
   * @param clock how far its clock may be off, which bounds the start skew and cross-host latency
   * @param started the start this shard had from a coordinator it lost, or null before the start
   */
  record Hello(int shard, int shards, String host, ClockStatus clock, Start started)
      implements Message {
    /** The first hello of a shard, before any start. */
    public Hello(int shard, int shards, String host, ClockStatus clock) {
      this(shard, shards, host, clock, null);
    }

    /** This hello again, from a shard that started at {@code start}. */
    public Hello rejoining(Start start) {
      return new Hello(shard, shards, host, clock, start);
    }
  }

  /** The shard's producers and consumers are set up: it waits for {@link Start}. */
  record Ready() implements Message {}

  /**
   * Start sending at this instant (each shard then starts at the first interval boundary at or
   * after it, so that their intervals line up).
   *
   * @param startEpochMillis the instant, milliseconds since the Unix epoch
   * @param starting the shards that start, which a restarted coordinator learns from the shards
   * @param hosts the host of each starting shard, by index: a shard's consumers time the messages
   *     of the shards on their own host apart ({@code e2e_one_host})
   */
  record Start(long startEpochMillis, List<Integer> starting, Map<Integer, String> hosts)
      implements Message {
    /** Copies the list and the map. */
    public Start {
      starting = List.copyOf(starting);
      hosts = Map.copyOf(hosts);
    }

    /** The shards on {@code host}. */
    public Set<Integer> shardsOn(String host) {
      Set<Integer> on = new TreeSet<>();
      hosts.forEach(
          (shard, h) -> {
            if (h.equals(host)) {
              on.add(shard);
            }
          });
      return on;
    }
  }

  /**
   * The shard is not part of the run: it must not start.
   *
   * @param reason one line for the shard's user
   */
  record Refused(String reason) implements Message {}

  /**
   * The shard's sending starts: what its console header shows.
   *
   * @param environment the shard's environment
   * @param workload the shard's part of the workload
   */
  record Started(Environment environment, WorkloadSummary workload) implements Message {}

  /**
   * One closed interval.
   *
   * @param sample its figures, latency summaries without histograms
   * @param latency its latency by kind key, each with its histogram ({@link
   *     LatencySummary#histogram()}), so that shards add up exactly
   */
  record Interval(IntervalSample sample, Map<String, LatencySummary> latency) implements Message {
    /** The message for an interval a run's sinks were given. */
    public static Interval of(IntervalSample sample, LatencyHistograms histograms) {
      return new Interval(sample, LatencySummary.allWithHistograms(histograms));
    }
  }

  /**
   * The shard's run ended: its result, as its result.json has it.
   *
   * @param result the result
   */
  record Finished(RunResult result) implements Message {}

  /**
   * End the run now, as Ctrl-C would: the shard writes its results and sends {@link Finished}.
   *
   * @param reason one line saying why
   */
  record Stop(String reason) implements Message {}

  /** Still here. */
  record Heartbeat() implements Message {}
}
