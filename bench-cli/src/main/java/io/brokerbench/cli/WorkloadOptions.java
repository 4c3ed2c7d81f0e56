package io.brokerbench.cli;

import io.brokerbench.workload.Connections;
import io.brokerbench.workload.RequestReply;
import io.brokerbench.workload.RunId;
import io.brokerbench.workload.WorkloadOption;
import io.brokerbench.workload.WorkloadOption.DefaultText;
import io.brokerbench.workload.WorkloadSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The workload options, the same for every driver. Short names are PerfTest's ({@code -x -y -u -qp
 * -qpf -qpt -s -r -z -C -D -c -q -a -A -f -i}); quiver's long names ({@code --count --body-size
 * --credit --durable --duration --rate}) are accepted too.
 *
 * <p>Every field stays null unless its option is given, and holds the text as typed: {@link
 * #spec()} hands the texts by name to {@link WorkloadSpec#of}, which parses them and applies the
 * rules as it does for a scenario file, so both give the same workload and the same errors. The
 * defaults shown in the help are the workload options' own.
 */
final class WorkloadOptions {
  @Option(
      names = {"-x", "--producers"},
      description = "Producers, each on its own thread (default: " + DefaultText.PRODUCERS + ").")
  String producers;

  @Option(
      names = {"-y", "--consumers"},
      description = "Consumers (default: " + DefaultText.CONSUMERS + ").")
  String consumers;

  @Option(
      names = {"-u", "--queue", "--destination"},
      description =
          "Queue or topic name (default: "
              + RunId.DEFAULT_QUEUE_TEXT
              + ", a random id of each run's own; a sharded run must name it).")
  String queue;

  // PerfTest's multi-letter short names are exact option names, so picocli matches them before
  // trying to split them into clustered single-letter options (-qp is not -q p).
  @Option(
      names = {"-qp", "--queue-pattern"},
      description = "Use many destinations: a name with one %%d, e.g. perf-test-%%d.")
  String queuePattern;

  @Option(
      names = {"-qpf", "--queue-pattern-from"},
      description =
          "First number for --queue-pattern (default: " + DefaultText.QUEUE_PATTERN_FROM + ").")
  String queuePatternFrom;

  @Option(
      names = {"-qpt", "--queue-pattern-to"},
      description = "Last number for --queue-pattern.")
  String queuePatternTo;

  @Option(
      names = {"-s", "--size", "--body-size"},
      description =
          "Message body size in bytes: 12, 1k (1000), 4kB, 64KiB (65536), 1MiB (default: "
              + DefaultText.SIZE
              + ").")
  String size;

  @Option(
      names = {"-r", "--rate"},
      description =
          "Total target send rate in msg/s (10k allowed), or 'unlimited' (default: "
              + DefaultText.RATE
              + ").")
  String rate;

  @Option(
      names = "--rate-steps",
      split = ",",
      description = "A rate sweep: total rates in msg/s, one per step, e.g. 1000,2000,4k.")
  List<String> rateSteps;

  @Option(
      names = "--step-duration",
      description =
          "Length of each --rate-steps step (default: " + DefaultText.STEP_DURATION + ").")
  String stepDuration;

  @Option(
      names = {"-z", "--time", "--duration"},
      description =
          "How long to send after the warm-up: 30 (seconds), 500ms, 1.5s, 2m, 1h, PT30S (default: "
              + DefaultText.DURATION
              + ", or until the message count, or the --rate-steps' length).")
  String duration;

  @Option(
      names = {"-C", "--pmessages"},
      description = "Messages per producer, then stop (10k, 1m allowed).")
  String messagesPerProducer;

  @Option(
      names = "--count",
      description = "Messages in total over all producers (quiver's --count; 10k, 1m allowed).")
  String totalMessages;

  @Option(
      names = {"-D", "--cmessages"},
      description = "Messages per consumer, then stop.")
  String messagesPerConsumer;

  @Option(
      names = "--warmup",
      description =
          "Time at the start excluded from the totals (default: "
              + DefaultText.WARMUP
              + " for a run sending 10 s or more, else 0).")
  String warmup;

  @Option(
      names = {"-c", "--confirm", "--in-flight"},
      description =
          "Most unconfirmed messages per producer; 0 = no confirms (default: "
              + DefaultText.IN_FLIGHT
              + ").")
  String inFlight;

  @Option(
      names = {"-q", "--qos", "--credit", "--prefetch"},
      description =
          "Consumer prefetch (AMQP 0.9.1 qos, AMQP 1.0 credit); 0 = driver default (default: "
              + DefaultText.PREFETCH
              + ").")
  String prefetch;

  @Option(
      names = {"-a", "--autoack"},
      description = "Consumers do not acknowledge (auto-ack, pre-settled).")
  Boolean autoAck;

  @Option(
      names = {"-A", "--multi-ack-every"},
      description = "Acknowledge once every N deliveries with 'multiple' (default: each).")
  String multiAckEvery;

  @Option(
      names = {"-f", "--flag"},
      description = "Message flags: persistent, and driver flags such as mandatory. Repeatable.")
  List<String> flags;

  @Option(names = "--durable", description = "Persistent messages (quiver's --durable).")
  Boolean durable;

  @Option(
      names = "--catch-up",
      description =
          "After a stall: burst (send overdue messages at once) or skip (count them as"
              + " skipped). Default: "
              + DefaultText.CATCH_UP
              + ".")
  String catchUp;

  @Option(
      names = "--on-connection-loss",
      description =
          "When a connection is lost: fail (the run fails) or reconnect (with backoff until the"
              + " run ends; the outage is counted and shows as latency). Default: "
              + DefaultText.ON_CONNECTION_LOSS
              + ".")
  String onConnectionLoss;

  @Option(
      names = {"-i", "--interval"},
      description = "Reporting interval (default: " + DefaultText.INTERVAL + ").")
  String interval;

  @Option(
      names = "--drain-timeout",
      description =
          "After producers stop, the longest wait without a message arriving; the drain goes on"
              + " while messages keep arriving (default: "
              + DefaultText.DRAIN_TIMEOUT
              + ").")
  String drainTimeout;

  @Option(
      names = "--timeout",
      description =
          "Fail the run after this long without any message sent, confirmed or received"
              + " (quiver's --timeout); 0 = never (default: "
              + DefaultText.TIMEOUT
              + ").")
  String progressTimeout;

  @Option(
      names = "--backlog",
      paramLabel = "N|SIZE",
      description =
          "Build a backlog first: consumers start once this many messages (500k) or bytes"
              + " (512MiB) are queued, then drain it; the result gets fill and drain rates, the time"
              + " to drain and the messages' age while draining (default: none).")
  String backlog;

  @Option(
      names = "--backlog-producers",
      paramLabel = "continue|stop",
      description =
          "Once the backlog is built, producers go on at their rate or stop (default: "
              + DefaultText.BACKLOG_PRODUCERS
              + ").")
  String backlogProducers;

  @Option(
      names = "--request-reply",
      arity = "0..1",
      fallbackValue = "true",
      paramLabel = "true|false",
      description =
          "Request-reply: producers send requests with a reply address and a correlation id,"
              + " consumers reply to each; the round trip (rtt) is measured from the request's"
              + " intended and actual send. At most -c requests await a reply per requester ("
              + RequestReply.DEFAULT_OUTSTANDING
              + " without -c).")
  String requestReply;

  @Option(
      names = "--reply-timeout",
      description =
          "A request without a reply after this long is counted as timed out (default: "
              + DefaultText.REPLY_TIMEOUT
              + ").")
  String replyTimeout;

  @Option(
      names = "--replier-delay",
      description =
          "Each request's processing time on its replier before it replies (default: "
              + DefaultText.REPLIER_DELAY
              + ").")
  String replierDelay;

  @Option(
      names = "--connections",
      paramLabel = "N",
      description =
          "Idle connections to open before the run, hold for its duration (answering heartbeats)"
              + " and close: the opening rate, open latency (connect, connect_start), failures by"
              + " cause, client and broker memory per connection are reported. Use with -x 0 -y 0"
              + " for connections alone. Each is an open file: see 'ulimit -n'.")
  String connections;

  @Option(
      names = {"--connection-channels", "--connection-sessions"},
      paramLabel = "M",
      description =
          "Channels (AMQP 0.9.1) or sessions (AMQP 1.0) on each idle connection (default: "
              + DefaultText.CONNECTION_CHANNELS
              + ").")
  String connectionChannels;

  @Option(
      names = "--connection-rate",
      paramLabel = "R",
      description =
          "Idle connections opened per second (default: "
              + DefaultText.CONNECTION_RATE
              + ", "
              + Connections.OPENERS
              + " at a time).")
  String connectionRate;

  @Option(
      names = "--connection-send-rate",
      paramLabel = "R",
      description =
          "Messages per second each idle connection sends while held (0.1: one every 10 s),"
              + " to the first queue, measured like any producer's (default: "
              + DefaultText.CONNECTION_SEND_RATE
              + ": idle).")
  String connectionSendRate;

  /**
   * The options given, as a spec.
   *
   * @throws io.brokerbench.workload.WorkloadException naming the first value that is not valid
   */
  WorkloadSpec spec() {
    Map<String, String> texts = new LinkedHashMap<>();
    put(texts, WorkloadOption.PRODUCERS, producers);
    put(texts, WorkloadOption.CONSUMERS, consumers);
    put(texts, WorkloadOption.QUEUE, queue);
    put(texts, WorkloadOption.QUEUE_PATTERN, queuePattern);
    put(texts, WorkloadOption.QUEUE_PATTERN_FROM, queuePatternFrom);
    put(texts, WorkloadOption.QUEUE_PATTERN_TO, queuePatternTo);
    put(texts, WorkloadOption.SIZE, size);
    put(texts, WorkloadOption.RATE, rate);
    put(texts, WorkloadOption.RATE_STEPS, rateSteps == null ? null : String.join(",", rateSteps));
    put(texts, WorkloadOption.STEP_DURATION, stepDuration);
    put(texts, WorkloadOption.DURATION, duration);
    put(texts, WorkloadOption.PMESSAGES, messagesPerProducer);
    put(texts, WorkloadOption.COUNT, totalMessages);
    put(texts, WorkloadOption.CMESSAGES, messagesPerConsumer);
    put(texts, WorkloadOption.WARMUP, warmup);
    put(texts, WorkloadOption.IN_FLIGHT, inFlight);
    put(texts, WorkloadOption.PREFETCH, prefetch);
    put(texts, WorkloadOption.AUTOACK, autoAck == null ? null : autoAck.toString());
    put(texts, WorkloadOption.MULTI_ACK_EVERY, multiAckEvery);
    put(texts, WorkloadOption.FLAG, flags == null ? null : String.join(",", flags));
    put(texts, WorkloadOption.DURABLE, durable == null ? null : durable.toString());
    put(texts, WorkloadOption.CATCH_UP, catchUp);
    put(texts, WorkloadOption.ON_CONNECTION_LOSS, onConnectionLoss);
    put(texts, WorkloadOption.INTERVAL, interval);
    put(texts, WorkloadOption.DRAIN_TIMEOUT, drainTimeout);
    put(texts, WorkloadOption.TIMEOUT, progressTimeout);
    put(texts, WorkloadOption.BACKLOG, backlog);
    put(texts, WorkloadOption.BACKLOG_PRODUCERS, backlogProducers);
    put(texts, WorkloadOption.REQUEST_REPLY, requestReply);
    put(texts, WorkloadOption.REPLY_TIMEOUT, replyTimeout);
    put(texts, WorkloadOption.REPLIER_DELAY, replierDelay);
    put(texts, WorkloadOption.CONNECTIONS, connections);
    put(texts, WorkloadOption.CONNECTION_CHANNELS, connectionChannels);
    put(texts, WorkloadOption.CONNECTION_RATE, connectionRate);
    put(texts, WorkloadOption.CONNECTION_SEND_RATE, connectionSendRate);
    return WorkloadSpec.of(texts);
  }

  private static void put(Map<String, String> texts, WorkloadOption<?> option, String text) {
    if (text != null) {
      texts.put(option.name(), text);
    }
  }
}
