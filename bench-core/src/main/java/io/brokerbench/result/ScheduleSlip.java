package io.brokerbench.result;

import io.brokerbench.latency.LatencyKind;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Whether the sends kept their schedule. A send that leaves late waits before the broker sees it;
 * latency from intended send counts that wait (as it should: a real client would have waited too),
 * but when the wait is a large part of it, the figure is the generator's pace as much as the
 * broker's, and the run is not a clean measure of the broker.
 */
public final class ScheduleSlip {
  /** Slips shorter than this are scheduling noise at any latency. */
  static final double FLOOR_MICROS = 1_000;

  /** The share of the broker's own latency (from actual send) from which a slip is not noise. */
  static final double SHARE = 0.10;

  /** The broker's own latency a slip is weighed against, in order of preference. */
  private static final List<LatencyKind> FROM_SEND =
      List.of(
          LatencyKind.END_TO_END_FROM_SEND,
          LatencyKind.ROUND_TRIP_FROM_SEND,
          LatencyKind.CONFIRM_FROM_SEND);

  private ScheduleSlip() {}

  /**
   * The warning for a run whose sends left late, or null: the slip's p90 is at least {@value
   * #FLOOR_MICROS} µs and at least {@value #SHARE} of the p90 of the latency from actual send.
   *
   * @param latency the measured window's latency summaries by kind
   */
  public static Warning of(Map<String, LatencySummary> latency) {
    LatencySummary slip = latency.get(LatencyKind.SCHEDULE_SLIP.key());
    if (slip == null || slip.count() == 0 || slip.p90Micros() < FLOOR_MICROS) {
      return null;
    }
    LatencySummary fromSend =
        FROM_SEND.stream()
            .map(k -> latency.get(k.key()))
            .filter(s -> s != null && s.count() > 0)
            .findFirst()
            .orElse(null);
    if (fromSend != null && slip.p90Micros() < SHARE * fromSend.p90Micros()) {
      return null;
    }
    return new Warning(
        Warning.SCHEDULE_SLIP,
        String.format(
            Locale.ROOT,
            "SCHEDULE_SLIP: 10 %% of the sends left %.1f ms or more after their intended time (the"
                + " latest %.1f ms): the generator's CPU, its in-flight window (-c) or the"
                + " broker's back-pressure set the pace, so latency from intended send is partly"
                + " that wait; the from-send figures are the broker's own",
            slip.p90Micros() / 1000,
            slip.maxMicros() / 1000));
  }
}
