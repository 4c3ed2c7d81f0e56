package io.brokerbench.result;

import io.brokerbench.latency.LatencyKind;
import io.brokerbench.spi.OutgoingMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The warnings a finished run's figures call for, each with its code. */
public final class RunWarnings {
  private RunWarnings() {}

  /**
   * The warnings.
   *
   * @param counts the whole run's counts
   * @param interrupted true when the user ended the run early
   * @param competingConsumers the most consumers reading one destination
   */
  public static List<Warning> of(
      Environment env,
      MessageCounts counts,
      Map<String, LatencySummary> latency,
      IntegrityCounts integrity,
      boolean interrupted,
      int competingConsumers) {
    List<Warning> warnings = new ArrayList<>();
    if (integrity.lost() > 0) {
      warnings.add(
          new Warning(
              Warning.LOSS,
              "LOSS: "
                  + integrity.lost()
                  + " message(s) accepted by the broker were never received"
                  + (interrupted ? " (the run was interrupted: some may be in flight)" : "")));
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
              counts.unconfirmed() + " message(s) were never confirmed by the broker"));
    }
    if (counts.notAccepted().total() > 0) {
      warnings.add(
          new Warning(
              Warning.NOT_ACCEPTED,
              "not accepted: the broker refused "
                  + (counts.notAccepted().rejected()
                      + counts.notAccepted().released()
                      + counts.notAccepted().modified())
                  + ", returned "
                  + counts.notAccepted().returned()
                  + ", and "
                  + counts.notAccepted().failed()
                  + " send(s) failed"));
    }
    LatencySummary e2e = latency.get(LatencyKind.END_TO_END.key());
    if (e2e != null && e2e.negative() > 0) {
      warnings.add(
          new Warning(
              Warning.NEGATIVE_LATENCY,
              e2e.negative() + " negative latencies: producer and consumer clocks disagree"));
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
}
