package io.brokerbench.cli;

import io.brokerbench.spi.AckMode;
import io.brokerbench.workload.CatchUpPolicy;
import io.brokerbench.workload.Destinations;
import io.brokerbench.workload.RateProfile;
import io.brokerbench.workload.Workload;
import io.brokerbench.workload.WorkloadException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * The workload options, the same for every driver. Short names are PerfTest's ({@code -x -y -u -qp
 * -qpf -qpt -s -r -z -C -D -c -q -a -A -f -i}); quiver's long names ({@code --count --body-size
 * --credit --durable --duration --rate}) are accepted too.
 */
final class WorkloadOptions {
  @Option(
      names = {"-x", "--producers"},
      description = "Producers, each on its own thread (default: ${DEFAULT-VALUE}).",
      defaultValue = "1")
  int producers;

  @Option(
      names = {"-y", "--consumers"},
      description = "Consumers (default: ${DEFAULT-VALUE}).",
      defaultValue = "1")
  int consumers;

  @Option(
      names = {"-u", "--queue", "--destination"},
      description = "Queue or topic name (default: ${DEFAULT-VALUE}).",
      defaultValue = "brokerbench")
  String queue;

  // PerfTest's multi-letter short names are exact option names, so picocli matches them before
  // trying to split them into clustered single-letter options (-qp is not -q p).
  @Option(
      names = {"-qp", "--queue-pattern"},
      description = "Use many destinations: a name with one %%d, e.g. perf-test-%%d.")
  String queuePattern;

  @Option(
      names = {"-qpf", "--queue-pattern-from"},
      description = "First number for --queue-pattern (default: ${DEFAULT-VALUE}).",
      defaultValue = "1")
  int queuePatternFrom;

  @Option(
      names = {"-qpt", "--queue-pattern-to"},
      description = "Last number for --queue-pattern.")
  Integer queuePatternTo;

  @Option(
      names = {"-s", "--size", "--body-size"},
      description = "Message body size in bytes (default: ${DEFAULT-VALUE}).",
      defaultValue = "12")
  int size;

  @Option(
      names = {"-r", "--rate"},
      description = "Total target send rate in msg/s, or 'unlimited' (default: ${DEFAULT-VALUE}).",
      defaultValue = "unlimited")
  String rate;

  @Option(
      names = "--rate-steps",
      split = ",",
      description = "A rate sweep: total rates in msg/s, one per step, e.g. 1000,2000,4000.")
  List<Double> rateSteps = new ArrayList<>();

  @Option(
      names = "--step-duration",
      converter = Converters.DurationConverter.class,
      description = "Length of each --rate-steps step (default: ${DEFAULT-VALUE}).",
      defaultValue = "10s")
  Duration stepDuration;

  @Option(
      names = {"-z", "--time", "--duration"},
      converter = Converters.DurationConverter.class,
      description =
          "How long to send after the warm-up: 30, 30s, 2m (default: 10s, or until the"
              + " message count)")
  Duration duration;

  @Option(
      names = {"-C", "--pmessages"},
      converter = Converters.CountConverter.class,
      description = "Messages per producer, then stop (10k, 1m allowed).")
  Long messagesPerProducer;

  @Option(
      names = "--count",
      converter = Converters.CountConverter.class,
      description = "Messages in total over all producers (quiver's --count; 10k, 1m allowed).")
  Long totalMessages;

  @Option(
      names = {"-D", "--cmessages"},
      converter = Converters.CountConverter.class,
      description = "Messages per consumer, then stop.")
  Long messagesPerConsumer;

  @Option(
      names = "--warmup",
      converter = Converters.DurationConverter.class,
      description = "Time at the start excluded from the totals (default: ${DEFAULT-VALUE}).",
      defaultValue = "0s")
  Duration warmup;

  @Option(
      names = {"-c", "--confirm", "--in-flight"},
      description =
          "Most unconfirmed messages per producer; 0 = no confirms (default: ${DEFAULT-VALUE}).",
      defaultValue = "0")
  int inFlight;

  @Option(
      names = {"-q", "--qos", "--credit", "--prefetch"},
      description = "Consumer prefetch (AMQP 0.9.1 qos, AMQP 1.0 credit); 0 = driver default.",
      defaultValue = "0")
  int prefetch;

  @Option(
      names = {"-a", "--autoack"},
      description = "Consumers do not acknowledge (auto-ack, pre-settled).")
  boolean autoAck;

  @Option(
      names = {"-A", "--multi-ack-every"},
      description = "Acknowledge once every N deliveries with 'multiple' (default: each).",
      defaultValue = "0")
  int multiAckEvery;

  @Option(
      names = {"-f", "--flag"},
      description = "Message flags: persistent, and driver flags such as mandatory. Repeatable.")
  List<String> flags = new ArrayList<>();

  @Option(names = "--durable", description = "Persistent messages (quiver's --durable).")
  boolean durable;

  @Option(
      names = "--catch-up",
      description =
          "After a stall: burst (send overdue messages at once) or skip (count them as"
              + " skipped). Default: ${DEFAULT-VALUE}.",
      defaultValue = "burst")
  String catchUp;

  @Option(
      names = {"-i", "--interval"},
      converter = Converters.DurationConverter.class,
      description = "Reporting interval (default: ${DEFAULT-VALUE}).",
      defaultValue = "1s")
  Duration interval;

  @Option(
      names = "--drain-timeout",
      converter = Converters.DurationConverter.class,
      description = "Longest wait for consumers after producers stop (default: ${DEFAULT-VALUE}).",
      defaultValue = "10s")
  Duration drainTimeout;

  @Option(
      names = "--timeout",
      converter = Converters.DurationConverter.class,
      description =
          "Fail the run after this long without any message sent, confirmed or received"
              + " (quiver's --timeout); 0 = never (default: ${DEFAULT-VALUE}).",
      defaultValue = "0s")
  Duration progressTimeout;

  /** Flags that are not workload flags, for the driver. */
  List<String> driverFlags() {
    return flags.stream().filter(f -> !f.equalsIgnoreCase("persistent")).toList();
  }

  /**
   * The workload these options describe.
   *
   * @throws WorkloadException naming the first invalid value
   */
  Workload workload() {
    Workload.Builder b =
        Workload.builder()
            .producers(producers)
            .consumers(consumers)
            .messageBytes(size)
            .warmup(warmup)
            .inFlightWindow(inFlight)
            .prefetch(prefetch)
            .persistent(durable || flags.stream().anyMatch(f -> f.equalsIgnoreCase("persistent")))
            .catchUp(catchUp())
            .reportInterval(interval)
            .drainTimeout(drainTimeout)
            .progressTimeout(progressTimeout);
    if (queuePattern == null && queuePatternTo != null) {
      throw new WorkloadException(
          "--queue-pattern-to (-qpt) needs --queue-pattern (-qp), e.g. -qp perf-test-%d");
    }
    if (queuePattern != null) {
      if (queuePatternTo == null) {
        throw new WorkloadException(
            "--queue-pattern (-qp) needs --queue-pattern-to (-qpt), the last number");
      }
      b.destinations(Destinations.pattern(queuePattern, queuePatternFrom, queuePatternTo));
    } else {
      b.destination(queue);
    }
    b.rate(rateProfile());
    if (autoAck) {
      b.ack(AckMode.AUTO, 1);
    } else if (multiAckEvery > 0) {
      b.ack(AckMode.MULTIPLE, multiAckEvery);
    }
    if (messagesPerProducer != null) {
      b.messagesPerProducer(messagesPerProducer);
    }
    if (totalMessages != null) {
      if (producers < 1) {
        throw new WorkloadException("--count needs at least one producer");
      }
      b.messagesPerProducer((totalMessages + producers - 1) / producers);
    }
    if (messagesPerConsumer != null) {
      b.messagesPerConsumer(messagesPerConsumer);
    }
    if (duration != null) {
      b.duration(duration);
    }
    return b.build();
  }

  private RateProfile rateProfile() {
    if (!rateSteps.isEmpty()) {
      return RateProfile.stepped(
          stepDuration, rateSteps.stream().mapToDouble(Double::doubleValue).toArray());
    }
    if (rate.equalsIgnoreCase("unlimited")) {
      return RateProfile.unlimited();
    }
    try {
      return RateProfile.fixed(Double.parseDouble(rate));
    } catch (NumberFormatException e) {
      throw new WorkloadException(
          "rate must be a number of msg/s or 'unlimited' (got '" + rate + "')");
    }
  }

  private CatchUpPolicy catchUp() {
    try {
      return CatchUpPolicy.valueOf(catchUp.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new WorkloadException("--catch-up must be burst or skip (got '" + catchUp + "')");
    }
  }
}
