package io.brokerbench.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * When a probe's rate counts as sustained: consumers keep up (received at least {@code
 * minReceivedRatio} of what was sent while sending, and unconfirmed messages do not pile up), the
 * producers achieved the target (so the search cannot settle above what they can send), the
 * schedule slip stays small, and every latency objective holds.
 *
 * @param minReceivedRatio least share of the sent messages received while sending (0.98)
 * @param minSentRatio least share of the target rate the producers must achieve (0.95)
 * @param maxSlipP99 largest p99 schedule slip
 * @param objectives latency bounds, from the intended send time
 */
public record ProbeCriteria(
    double minReceivedRatio,
    double minSentRatio,
    Duration maxSlipP99,
    List<LatencyObjective> objectives) {

  /** Copies the objectives. */
  public ProbeCriteria {
    objectives = List.copyOf(objectives);
  }

  /** The verdict on a probe: pass, or fail with every reason. */
  public ProbeVerdict judge(ProbeMeasurement m) {
    if (m.error() != null) {
      return ProbeVerdict.fail("run failed: " + m.error());
    }
    List<String> reasons = new ArrayList<>();
    double sentRatio = m.targetPerSecond() > 0 ? m.sentPerSecond() / m.targetPerSecond() : 1;
    if (sentRatio < minSentRatio) {
      reasons.add(
          String.format(
              Locale.ROOT,
              "producers sent %.0f msg/s, %.1f%% of the target (< %.0f%%)",
              m.sentPerSecond(),
              100 * sentRatio,
              100 * minSentRatio));
    }
    double receivedRatio = m.sent() > 0 ? (double) m.received() / m.sent() : 0;
    if (receivedRatio < minReceivedRatio) {
      reasons.add(
          String.format(
              Locale.ROOT,
              "received %.1f%% of sent while sending (< %.0f%%): a backlog grows",
              100 * receivedRatio,
              100 * minReceivedRatio));
    }
    if (m.unconfirmedGrowth() > Math.max(0, (1 - minReceivedRatio) * m.sent())) {
      reasons.add("unconfirmed messages grew by " + m.unconfirmedGrowth());
    }
    double slip = m.latency("slip.p99");
    double maxSlipMicros = maxSlipP99.toNanos() / 1000.0;
    if (slip > maxSlipMicros) {
      reasons.add(
          "slip p99 "
              + LatencyText.text(slip)
              + " > "
              + LatencyText.text(maxSlipMicros)
              + ": the generator fell behind its schedule");
    }
    for (LatencyObjective objective : objectives) {
      double value = m.latency(objective.metric());
      if (Double.isNaN(value)) {
        reasons.add(objective.metric() + " not measured");
      } else if (value >= objective.boundMicros()) {
        reasons.add(
            objective.metric()
                + " "
                + LatencyText.text(value)
                + " >= "
                + LatencyText.text(objective.boundMicros()));
      }
    }
    return reasons.isEmpty() ? ProbeVerdict.PASS : ProbeVerdict.fail(String.join("; ", reasons));
  }
}
