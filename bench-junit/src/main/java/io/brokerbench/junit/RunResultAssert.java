package io.brokerbench.junit;

import io.brokerbench.latency.LatencyKind;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.MessageCounts;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.ThresholdOutcome;
import io.brokerbench.result.Validity;
import io.brokerbench.result.Warning;
import io.brokerbench.threshold.Threshold;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on a {@link RunResult} (or on one of its rate steps). A failing assertion's message
 * carries the threshold, the measured value, the run's key figures and where its files are.
 */
public final class RunResultAssert extends AbstractAssert<RunResultAssert, RunResult> {
  private final String metricPrefix;

  RunResultAssert(RunResult actual, String metricPrefix) {
    super(actual, RunResultAssert.class);
    this.metricPrefix = metricPrefix;
  }

  /**
   * Asserts a threshold written as on the command line, such as {@code "e2e.p99 < 5ms"} or {@code
   * "received.rate >= 20k"}; on a step's assertions the metric is that step's.
   */
  public RunResultAssert meets(String threshold) {
    isNotNull();
    ThresholdOutcome outcome = Threshold.parse(metricPrefix + threshold.trim()).check(actual);
    if (!outcome.passed()) {
      failWithMessage("%s%n%s", outcome.message(), keyFigures());
    }
    return this;
  }

  /** Asserts the run completed (not interrupted or failed). */
  public RunResultAssert completed() {
    isNotNull();
    if (!actual.completed()) {
      failWithMessage(
          "the run %s%s%n%s",
          actual.ending().status(),
          actual.ending().error() == null ? "" : ": " + actual.ending().error(),
          keyFigures());
    }
    return this;
  }

  /**
   * Asserts the run measured the broker: its {@linkplain RunResult#validity() validity} is {@code
   * valid}. A suspect run (the generator was the limit, it stalled, it shared its CPU with an
   * embedded broker, the window was not steady, the queue grew) fails with its reasons, so that a
   * threshold that held on it is not taken for the broker holding.
   */
  public RunResultAssert isValid() {
    isNotNull();
    Validity validity = actual.validity();
    if (!validity.valid()) {
      failWithMessage(
          "the run is suspect (%s):%n%s%n%s",
          validity.codes(),
          String.join(
              System.lineSeparator(), validity.reasons().stream().map(Warning::message).toList()),
          keyFigures());
    }
    return this;
  }

  /** Asserts no message the broker accepted went missing: {@code lost == 0}. */
  public RunResultAssert hasNoLoss() {
    // Loss is counted over the whole run, so a step's assertions check the run's.
    new RunResultAssert(actual, "").meets("lost == 0");
    return this;
  }

  /** Assertions on one kind of latency. */
  public LatencyAssert latency(LatencyKind kind) {
    return new LatencyAssert(this, kind);
  }

  /** Assertions on the receive rate, msg/s. */
  public RateAssert receivedRate() {
    return new RateAssert(this, "received.rate");
  }

  /** Assertions on the send rate, msg/s. */
  public RateAssert sentRate() {
    return new RateAssert(this, "sent.rate");
  }

  /** The same assertions on one rate step of a {@code --rate-steps} run (steps count from 0). */
  public RunResultAssert step(int index) {
    isNotNull();
    if (index < 0 || index >= actual.figures().steps().size()) {
      failWithMessage(
          "the run has %d rate step(s): there is no step %d%n%s",
          actual.figures().steps().size(), index, keyFigures());
    }
    return new RunResultAssert(actual, "step" + index + ".");
  }

  /** The run's figures a failure message shows, and where the run's files are. */
  private String keyFigures() {
    MessageCounts c = actual.figures().totals().counts();
    LatencySummary e2e = actual.figures().latency().get(LatencyKind.END_TO_END.key());
    Path directory = ResultLocations.of(actual);
    return String.format(
        Locale.ROOT,
        "run: %s, sent %,d (%,.0f msg/s), received %,d (%,.0f msg/s), e2e p50 %s p99 %s, lost"
            + " %d%s",
        actual.ending().status(),
        c.sent(),
        actual.figures().totals().rates().sentPerSecond(),
        c.received(),
        actual.figures().totals().rates().receivedPerSecond(),
        e2e == null ? "-" : micros(e2e.p50Micros()),
        e2e == null ? "-" : micros(e2e.p99Micros()),
        actual.figures().integrity().lost(),
        directory == null ? "" : "\nfiles: " + directory.toAbsolutePath());
  }

  private static String micros(double us) {
    return us < 1_000
        ? String.format(Locale.ROOT, "%.0f us", us)
        : String.format(Locale.ROOT, "%.2f ms", us / 1_000);
  }

  /** Assertions on one latency kind of the result. */
  public static final class LatencyAssert {
    private final RunResultAssert run;
    private final LatencyKind kind;

    LatencyAssert(RunResultAssert run, LatencyKind kind) {
      this.run = run;
      this.kind = kind;
    }

    /**
     * Assertions on one percentile: 25, 50, 75, 90, 95, 99, 99.9 or 99.99 (0 and 100 are min and
     * max).
     */
    public PercentileAssert percentile(double percentile) {
      String stat =
          percentile == 0
              ? "min"
              : percentile == 100
                  ? "max"
                  : "p"
                      + (percentile == Math.rint(percentile)
                          ? String.valueOf((long) percentile)
                          : String.valueOf(percentile));
      return new PercentileAssert(run, kind.key() + "." + stat);
    }
  }

  /** Assertions on one latency percentile. */
  public static final class PercentileAssert {
    private final RunResultAssert run;
    private final String metric;

    PercentileAssert(RunResultAssert run, String metric) {
      this.run = run;
      this.metric = metric;
    }

    /** Asserts the percentile is below the duration. */
    public RunResultAssert isBelow(Duration bound) {
      return run.meets(metric + " < " + duration(bound));
    }

    /** Asserts the percentile is at most the duration. */
    public RunResultAssert isAtMost(Duration bound) {
      return run.meets(metric + " <= " + duration(bound));
    }
  }

  /** A duration as a threshold's bound, in the largest unit that keeps it whole: 20ms, 250us. */
  static String duration(Duration d) {
    long nanos = d.toNanos();
    if (nanos % 1_000_000 == 0) {
      return nanos / 1_000_000 + "ms";
    }
    return nanos % 1_000 == 0 ? nanos / 1_000 + "us" : nanos + "ns";
  }

  /** Assertions on a rate. */
  public static final class RateAssert {
    private final RunResultAssert run;
    private final String metric;

    RateAssert(RunResultAssert run, String metric) {
      this.run = run;
      this.metric = metric;
    }

    /** Asserts the rate is at least this many messages per second. */
    public RunResultAssert isAtLeast(double perSecond) {
      return run.meets(metric + " >= " + perSecond);
    }
  }
}
