package io.brokerbench.scenario;

import io.brokerbench.latency.LatencyKind;
import io.brokerbench.workload.DurationSyntax;
import io.brokerbench.workload.WorkloadException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A latency bound a rate must keep to count as sustainable, written {@code KIND.PERCENTILE <
 * DURATION}: {@code e2e.p99 < 10ms} (end to end from the intended send time, so a backlog shows).
 *
 * @param metric {@code KIND.PERCENTILE} as {@link ProbeMeasurement#latencyMicros()} keys it
 * @param bound the value the percentile must stay below
 */
public record LatencyObjective(String metric, Duration bound) {
  /** The percentiles an objective may name. */
  public static final List<String> PERCENTILES = List.of("p50", "p90", "p99", "p999", "max");

  private static final Pattern SYNTAX =
      Pattern.compile("\\s*([a-z_0-9]+)\\.([a-z0-9]+)\\s*<\\s*(.+)");

  /**
   * Parses {@code e2e.p99 < 10ms}.
   *
   * @throws WorkloadException saying what to write instead
   */
  public static LatencyObjective parse(String text) {
    Matcher matcher = SYNTAX.matcher(text);
    if (!matcher.matches()) {
      throw new WorkloadException(
          "'"
              + text
              + "' is not a latency objective: write KIND.PERCENTILE < DURATION, e.g. e2e.p99 < 10ms");
    }
    String kind = matcher.group(1);
    if (Arrays.stream(LatencyKind.values()).noneMatch(k -> k.key().equals(kind))) {
      throw new WorkloadException(
          "'"
              + kind
              + "' is not a latency kind: use one of "
              + String.join(
                  ", ", Arrays.stream(LatencyKind.values()).map(LatencyKind::key).toList()));
    }
    String percentile = matcher.group(2);
    if (!PERCENTILES.contains(percentile)) {
      throw new WorkloadException(
          "'" + percentile + "' is not a percentile: use one of " + String.join(", ", PERCENTILES));
    }
    return new LatencyObjective(
        kind + "." + percentile, DurationSyntax.parse(matcher.group(3).trim()));
  }

  /** The bound in microseconds. */
  public double boundMicros() {
    return bound.toNanos() / 1000.0;
  }

  @Override
  public String toString() {
    return metric + " < " + LatencyText.text(boundMicros());
  }
}
