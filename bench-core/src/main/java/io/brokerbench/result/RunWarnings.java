package io.brokerbench.result;

import io.brokerbench.latency.LatencyKind;
import io.brokerbench.spi.OutgoingMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/** The warnings a finished run's figures call for, each with its code. */
public final class RunWarnings {
  private RunWarnings() {}

  /**
   * The warnings.
   *
   * @param counts the whole run's counts
   * @param confirms true when the broker confirmed each message it accepted (an in-flight window)
   * @param endedEarly true when the run was interrupted or failed: it did not drain, and the broker
   *     was not asked what it still holds, so missing messages may be in flight or queued
   * @param competingConsumers the most consumers reading one destination
   */
  public static List<Warning> of(
      Environment env,
      MessageCounts counts,
      boolean confirms,
      Map<String, LatencySummary> latency,
      IntegrityCounts integrity,
      boolean endedEarly,
      int competingConsumers) {
    List<Warning> warnings = new ArrayList<>();
    if (integrity.lost() > 0) {
      warnings.add(
          new Warning(
              Warning.LOSS,
              "LOSS: "
                  + integrity.lost()
                  + (confirms
                      ? " message(s) accepted by the broker were never received"
                      : " message(s) sent were never received (confirms off: whether the broker"
                          + " accepted them is not known)")
                  + (endedEarly
                      ? " (the run ended early: some may be in flight or still in the broker)"
                      : "")));
    }
    if (integrity.stillQueued() > 0) {
      warnings.add(
          new Warning(
              Warning.STILL_QUEUED,
              "STILL_QUEUED: "
                  + integrity.stillQueued()
                  + " message(s) were not received but are still in the queue (the broker's count):"
                  + " not lost; the consumers did not keep up with the producers"));
    }
    if (integrity.duplicates() > 0) {
      warnings.add(
          new Warning(
              Warning.DUPLICATES,
              "DUPLICATES: " + integrity.duplicates() + " message(s) received more than once"));
    }
    if (integrity.foreign() > 0) {
      warnings.add(
          new Warning(
              Warning.FOREIGN,
              integrity.foreign()
                  + " message(s) received that no producer of this run sent (left in the"
                  + " destination by an earlier run, or sent by another process)"));
    }
    if (integrity.outOfOrder() > 0 && competingConsumers > 1) {
      warnings.add(
          new Warning(
              Warning.COMPETING_CONSUMERS,
              integrity.outOfOrder()
                  + " message(s) arrived out of order: expected, since "
                  + competingConsumers
                  + " consumers compete for one destination and each sees part of a sequence"));
    }
    if (counts.unconfirmed() > 0) {
      warnings.add(
          new Warning(
              Warning.UNCONFIRMED,
              "UNCONFIRMED: "
                  + counts.unconfirmed()
                  + " message(s) sent were still unconfirmed when the run ended (the connection"
                  + " was lost, or the broker did not answer within the drain): whether the"
                  + " broker has them is not known"));
    }
    if (counts.notAccepted().total() > 0) {
      warnings.add(new Warning(Warning.NOT_ACCEPTED, notAccepted(counts.notAccepted())));
    }
    LatencySummary e2e = latency.get(LatencyKind.END_TO_END.key());
    if (e2e != null && e2e.negative() > 0) {
      warnings.add(
          new Warning(
              Warning.NEGATIVE_LATENCY,
              e2e.negative() + " negative latencies: producer and consumer clocks disagree"));
    }
    LatencySummary unsent = latency.get(LatencyKind.UNSENT.key());
    if (unsent != null && unsent.count() > 0) {
      warnings.add(
          new Warning(
              Warning.UNSENT,
              String.format(
                  Locale.ROOT,
                  "UNSENT: %d send(s) the schedule intended never left (the broker stopped taking"
                      + " messages, or the run stopped early); when the run ended they were late"
                      + " by %.1f ms (median) to %.1f ms",
                  unsent.count(),
                  unsent.p50Micros() / 1000,
                  unsent.maxMicros() / 1000)));
    }
    Warning paused = generatorPaused(latency);
    if (paused != null) {
      warnings.add(paused);
    }
    if (env.embedded()) {
      warnings.add(
          new Warning(
              Warning.EMBEDDED_BROKER,
              "embedded broker: smoke figures, the broker shared this machine's CPU"));
    }
    if ("header".equals(env.stampLocation())) {
      warnings.add(
          new Warning(
              Warning.HEADER_STAMP,
              "the "
                  + OutgoingMessage.STAMP_BYTES
                  + "-byte stamp travelled in a message header: the body is smaller"));
    }
    return warnings;
  }

  /** The latencies whose tail the generator's stalls would show in, in order of preference. */
  private static final List<LatencyKind> TAILS =
      List.of(LatencyKind.END_TO_END, LatencyKind.ROUND_TRIP, LatencyKind.CONFIRM);

  /** The share of a run in stalls at which its p99 may be the generator's: half the 1 % tail. */
  static final double PAUSED_SHARE = 0.005;

  /**
   * The fewest ticks (a second) whose stalls are judged: a run shorter than that is start-up
   * throughout (class loading, the JIT), and a few ticks give no share worth the name.
   */
  static final long MIN_TICKS = 100;

  /**
   * Whether the generator's stalls may have made the tail: a message due during a stall waits for
   * its end, so the share of the run spent in stalls longer than half the p99 is about the share of
   * messages they made that late. At {@value #PAUSED_SHARE} or more, that is half of the 1 % the
   * p99 stands for. Null when they did not, or nothing measured either, or the run was shorter than
   * {@value #MIN_TICKS} ticks.
   */
  static Warning generatorPaused(Map<String, LatencySummary> latency) {
    LatencySummary pauses = latency.get(LatencyKind.PAUSE.key());
    if (pauses == null || pauses.count() < MIN_TICKS || pauses.histogram() == null) {
      return null;
    }
    LatencyKind kind =
        TAILS.stream()
            .filter(k -> latency.containsKey(k.key()) && latency.get(k.key()).count() > 0)
            .findFirst()
            .orElse(null);
    if (kind == null) {
      return null;
    }
    LatencySummary tail = latency.get(kind.key());
    long longerThanNanos = (long) (tail.p99Micros() * 1_000 / 2);
    Histogram h = pauses.decodedHistogram();
    double stalledNanos = 0;
    double allStallsNanos = 0;
    for (HistogramIterationValue v : h.recordedValues()) {
      double nanos = (double) v.getValueIteratedTo() * v.getCountAtValueIteratedTo();
      allStallsNanos += nanos;
      if (v.getValueIteratedTo() >= longerThanNanos) {
        stalledNanos += nanos;
      }
    }
    double runNanos = h.getTotalCount() * (double) LatencyKind.PAUSE_TICK_NANOS + allStallsNanos;
    double share = stalledNanos / runNanos;
    if (share < PAUSED_SHARE) {
      return null;
    }
    return new Warning(
        Warning.GENERATOR_PAUSED,
        String.format(
            Locale.ROOT,
            "GENERATOR_PAUSED: the generator itself stalled (GC, a starved CPU) for %.1f %% of the"
                + " run in stalls over %.1f ms, half the %s p99 (the longest %.1f ms): that tail"
                + " is partly the generator's, not the broker's",
            share * 100,
            longerThanNanos / 1e6,
            kind.key(),
            h.getMaxValue() / 1e6));
  }

  /** What the broker or the client did with the messages not accepted, each named for itself. */
  private static String notAccepted(NotAccepted n) {
    List<String> parts = new ArrayList<>();
    long refused = n.rejected() + n.released() + n.modified();
    if (refused > 0) {
      parts.add(
          String.format(
              Locale.ROOT,
              "%d refused by the broker (rejected %d, released %d, modified %d)",
              refused,
              n.rejected(),
              n.released(),
              n.modified()));
    }
    if (n.returned() > 0) {
      parts.add(n.returned() + " returned by the broker as unroutable");
    }
    if (n.failed() > 0) {
      parts.add(n.failed() + " failed (an error or a timeout in the client, or an error answer)");
    }
    return "NOT_ACCEPTED: " + String.join(", ", parts);
  }
}
