package io.brokerbench.result;

import io.brokerbench.latency.LatencyKind;
import io.brokerbench.workload.RateStep;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The workload as written in a result (plain numbers and strings; durations in seconds).
 *
 * @param producers producers
 * @param consumers consumers
 * @param destinations destination names
 * @param messageBytes body size
 * @param rateSteps target total rate per step, msg/s; 0 means unlimited
 * @param rateStepSeconds length of each step; 0 for the open-ended last one
 * @param durationSeconds measured duration after warm-up; 0 when the run ended on counts
 * @param messagesPerProducer message count per producer; 0 for none
 * @param messagesPerConsumer message count per consumer; 0 for none
 * @param warmupSeconds warm-up
 * @param inFlightWindow in-flight window; 0 for no confirms
 * @param prefetch consumer prefetch or credit; 0 for the driver default
 * @param ackMode acknowledgement mode
 * @param ackEvery acknowledgement batch for multiple acks
 * @param persistent persistent messages
 * @param catchUp catch-up policy
 * @param onConnectionLoss what producers and consumers do when their connection is lost: {@code
 *     fail} or {@code reconnect}
 * @param progressTimeoutSeconds no-progress timeout; 0 for none
 * @param backlogMessages messages queued before consumers start; 0 for none
 * @param backlogProducers what producers do once the backlog is built: {@code continue} or {@code
 *     stop}
 * @param requestReply true when producers sent requests that consumers answered
 * @param replyTimeoutSeconds how long a requester waited for a reply (request-reply runs)
 * @param replierDelaySeconds each request's processing time on its replier (request-reply runs)
 * @param connections idle connections held during the run; 0 for none
 * @param connectionChannels channels or sessions on each idle connection
 * @param connectionRate idle connections opened per second, 0 for unlimited
 * @param connectionSendRate messages per second each held connection sends; 0 when they are idle
 */
public record WorkloadSummary(
    int producers,
    int consumers,
    List<String> destinations,
    int messageBytes,
    List<Double> rateSteps,
    List<Double> rateStepSeconds,
    double durationSeconds,
    long messagesPerProducer,
    long messagesPerConsumer,
    double warmupSeconds,
    int inFlightWindow,
    int prefetch,
    String ackMode,
    int ackEvery,
    boolean persistent,
    String catchUp,
    String onConnectionLoss,
    double progressTimeoutSeconds,
    long backlogMessages,
    String backlogProducers,
    boolean requestReply,
    double replyTimeoutSeconds,
    double replierDelaySeconds,
    int connections,
    int connectionChannels,
    double connectionRate,
    double connectionSendRate) {

  /** The summary of a workload. */
  public static WorkloadSummary of(Workload w) {
    return new WorkloadSummary(
        w.producers(),
        w.consumers(),
        w.destinations().names(),
        w.messageBytes(),
        w.rate().steps().stream().map(s -> s.unlimited() ? 0.0 : s.messagesPerSecond()).toList(),
        w.rate().steps().stream().map(RateStep::duration).map(WorkloadSummary::seconds).toList(),
        seconds(w.duration()),
        w.messagesPerProducer(),
        w.messagesPerConsumer(),
        seconds(w.warmup()),
        w.inFlightWindow(),
        w.prefetch(),
        w.ackMode().name().toLowerCase(Locale.ROOT),
        w.ackEvery(),
        w.persistent(),
        w.catchUp().name().toLowerCase(Locale.ROOT),
        w.connectionLoss().name().toLowerCase(Locale.ROOT),
        seconds(w.progressTimeout()),
        w.backlog().messages(),
        w.backlog().producersStop() ? "stop" : "continue",
        w.requestReply().enabled(),
        seconds(w.requestReply().timeout()),
        seconds(w.requestReply().replierDelay()),
        w.connections().count(),
        w.connections().channels(),
        w.connections().unlimitedRate() ? 0 : w.connections().openRate(),
        w.connections().sendRate());
  }

  /**
   * The latency a workload of this kind is about, which a scenario's lines and report lead with
   * unless its file names another: the round trip of request-reply, the send RT (confirm) of
   * producers alone, the open time of idle connections alone, else end to end.
   */
  public LatencyKind leadingLatency() {
    if (requestReply) {
      return LatencyKind.ROUND_TRIP;
    }
    if (producers > 0 && consumers == 0 && inFlightWindow > 0) {
      return LatencyKind.CONFIRM;
    }
    if (producers == 0 && connections > 0) {
      return LatencyKind.CONNECT;
    }
    return LatencyKind.END_TO_END;
  }

  /**
   * This workload, one shard's part, with the counts and rates of the whole run its shards are
   * parts of; every other setting is the same in every part.
   *
   * @param producers every shard's producers
   * @param consumers every shard's consumers
   * @param rateSteps each step's rate, every shard's added
   * @param backlogMessages the backlog every shard built
   * @param connections every shard's idle connections
   * @param connectionRate the rate every shard opened them at
   */
  public WorkloadSummary whole(
      int producers,
      int consumers,
      List<Double> rateSteps,
      long backlogMessages,
      int connections,
      double connectionRate) {
    return new WorkloadSummary(
        producers,
        consumers,
        destinations,
        messageBytes,
        List.copyOf(rateSteps),
        rateStepSeconds,
        durationSeconds,
        messagesPerProducer,
        messagesPerConsumer,
        warmupSeconds,
        inFlightWindow,
        prefetch,
        ackMode,
        ackEvery,
        persistent,
        catchUp,
        onConnectionLoss,
        progressTimeoutSeconds,
        backlogMessages,
        backlogProducers,
        requestReply,
        replyTimeoutSeconds,
        replierDelaySeconds,
        connections,
        connectionChannels,
        connectionRate,
        connectionSendRate);
  }

  private static double seconds(Duration d) {
    return d == null ? 0 : d.toNanos() / 1e9;
  }
}
