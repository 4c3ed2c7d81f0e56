package io.brokerbench.coordination;

import io.brokerbench.latency.LatencyKind;
import io.brokerbench.result.ClockStatus;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.RunResult;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * How far a merged end-to-end latency may be off when its messages crossed hosts: stamped on one
 * host's clock, received on another's, it is off by at most the two clocks' error bounds added.
 * Shards on one host share its clock and add nothing. The messages whose producer and consumer ran
 * on one host ({@code e2e_one_host}) are given apart from those that crossed hosts, as a check: a
 * gap between the two larger than the bound is the network's or the clocks', not the broker's.
 *
 * <pre>{@code
 * String line = CrossHostBound.line(hellos, merged); // "e2e p99 12.3 ms ± 1.5 ms (…)", or null
 * }</pre>
 */
final class CrossHostBound {
  private CrossHostBound() {}

  /**
   * The merged end-to-end p99 with its bound, for the shards that said these hellos; null when they
   * ran on one host or the run has no end-to-end latency.
   */
  static String line(Collection<Message.Hello> shards, RunResult merged) {
    LatencySummary e2e = merged.figures().latency().get(LatencyKind.END_TO_END.key());
    // Each host's clock: its shards read one, so its largest bound said stands for them.
    Map<String, ClockStatus> hosts = new TreeMap<>();
    for (Message.Hello h : shards) {
      hosts.merge(h.host(), h.clock(), CrossHostBound::looser);
    }
    if (e2e == null || e2e.count() == 0 || hosts.size() < 2) {
      return null;
    }
    String p99 = millis(e2e.p99Micros());
    List<String> unbounded = new ArrayList<>();
    List<Long> bounds = new ArrayList<>();
    hosts.forEach(
        (host, clock) -> {
          if (clock.bounded()) {
            bounds.add(clock.maxErrorMicros());
          } else {
            unbounded.add(host);
          }
        });
    if (!unbounded.isEmpty()) {
      return "e2e p99 "
          + p99
          + " across "
          + hosts.size()
          + " hosts, ± unknown: the clock of "
          + String.join(", ", unbounded)
          + " is not known to be synchronized"
          + apart(merged, e2e, " ± unknown");
    }
    bounds.sort(null);
    String bound = " ± " + millis(bounds.get(bounds.size() - 1) + bounds.get(bounds.size() - 2));
    return "e2e p99 "
        + p99
        + bound
        + " across "
        + hosts.size()
        + " hosts (the two largest clock error bounds added)"
        + apart(merged, e2e, bound);
  }

  /**
   * The p99 of the messages that crossed hosts, with their bound, and of those that did not; empty
   * when the shards did not time them apart.
   */
  private static String apart(RunResult merged, LatencySummary e2e, String bound) {
    LatencySummary local = merged.figures().latency().get(LatencyKind.END_TO_END_ONE_HOST.key());
    Histogram all = e2e.decodedHistogram();
    if (local == null || local.count() == 0 || all == null) {
      return "";
    }
    Histogram oneHost = local.decodedHistogram();
    Histogram across = all.copy();
    across.subtract(oneHost);
    return "; across hosts p99 "
        + (across.getTotalCount() == 0
            ? "-"
            : millis(across.getValueAtPercentile(99) / 1_000.0) + bound)
        + ", on one host p99 "
        + millis(local.p99Micros())
        + String.format(
            Locale.ROOT,
            " (%.0f %% of messages, one clock)",
            100.0 * oneHost.getTotalCount() / all.getTotalCount());
  }

  /** The clock with the larger error: an unbounded one, else the larger bound. */
  private static ClockStatus looser(ClockStatus a, ClockStatus b) {
    if (!a.bounded()) {
      return a;
    }
    if (!b.bounded()) {
      return b;
    }
    return a.maxErrorMicros() >= b.maxErrorMicros() ? a : b;
  }

  private static String millis(double micros) {
    return String.format(Locale.ROOT, "%.1f ms", micros / 1_000);
  }
}
