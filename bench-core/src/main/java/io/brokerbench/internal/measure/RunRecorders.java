package io.brokerbench.internal.measure;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.latency.LatencyRecorder;

/**
 * The run's latency recorders, and the writers producers and consumers record through: exclusive
 * ones (cheapest) when the run has at most {@value #MAX_EXCLUSIVE_PARTICIPANTS} producers and
 * consumers, shared ones beyond (bounded memory). A message's latencies from its intended and from
 * its actual send time are recorded as a pair, so both kinds always count the same messages.
 */
public final class RunRecorders {
  static final int MAX_EXCLUSIVE_PARTICIPANTS = 64;

  /** {@link LatencyKind#END_TO_END} and {@link LatencyKind#END_TO_END_FROM_SEND}. */
  public final LatencyRecorder endToEnd = new LatencyRecorder(2);

  /** {@link LatencyKind#CONFIRM} and {@link LatencyKind#CONFIRM_FROM_SEND}. */
  public final LatencyRecorder confirm = new LatencyRecorder(2);

  public final LatencyRecorder slip = new LatencyRecorder();
  public final LatencyRecorder storeToConsume = new LatencyRecorder();
  public final LatencyRecorder backlogAge = new LatencyRecorder();

  /** {@link LatencyKind#ROUND_TRIP} and {@link LatencyKind#ROUND_TRIP_FROM_SEND}. */
  public final LatencyRecorder roundTrip = new LatencyRecorder(2);

  public final LatencyRecorder unsent = new LatencyRecorder();

  /** {@link LatencyKind#PAUSE}, written by the {@link PauseDetector}'s thread alone. */
  public final LatencyRecorder pause = new LatencyRecorder();

  /**
   * {@link LatencyKind#END_TO_END_ONE_HOST} and its from-send twin, made only for a run of shards
   * on several hosts. A message is recorded here or in {@link #endToEnd}, never both, and each cut
   * adds this one into {@code e2e} and {@code e2e_send}: a message is then in the same interval of
   * both kinds, which two recorders cut one after the other would not promise.
   */
  private volatile LatencyRecorder endToEndOneHost;

  private final boolean exclusive;

  public RunRecorders(int participants) {
    this.exclusive = participants <= MAX_EXCLUSIVE_PARTICIPANTS;
  }

  /** A writer for one producer's or one consumer's recordings of this recorder. */
  public LatencyRecorder.Writer writer(LatencyRecorder recorder) {
    return exclusive ? recorder.exclusiveWriter() : recorder.sharedWriter();
  }

  /** The recorder of {@link LatencyKind#END_TO_END_ONE_HOST}, made on the first call. */
  public synchronized LatencyRecorder endToEndOneHost() {
    if (endToEndOneHost == null) {
      endToEndOneHost = new LatencyRecorder(2);
    }
    return endToEndOneHost;
  }

  /** Ends every recorder's interval and puts its values into {@code target}. Reader thread only. */
  public void takeInterval(LatencyHistograms target) {
    take(endToEnd, target, LatencyKind.END_TO_END, LatencyKind.END_TO_END_FROM_SEND);
    LatencyRecorder oneHost = endToEndOneHost;
    if (oneHost != null) {
      oneHost.takeInterval();
      target.put(
          LatencyKind.END_TO_END_ONE_HOST, oneHost.interval(0), oneHost.intervalNegativeCount(0));
      target.add(LatencyKind.END_TO_END, oneHost.interval(0), oneHost.intervalNegativeCount(0));
      target.add(
          LatencyKind.END_TO_END_FROM_SEND, oneHost.interval(1), oneHost.intervalNegativeCount(1));
    }
    take(confirm, target, LatencyKind.CONFIRM, LatencyKind.CONFIRM_FROM_SEND);
    take(slip, target, LatencyKind.SCHEDULE_SLIP);
    take(storeToConsume, target, LatencyKind.STORE_TO_CONSUME);
    take(backlogAge, target, LatencyKind.BACKLOG_AGE);
    take(roundTrip, target, LatencyKind.ROUND_TRIP, LatencyKind.ROUND_TRIP_FROM_SEND);
    take(unsent, target, LatencyKind.UNSENT);
    take(pause, target, LatencyKind.PAUSE);
  }

  private static void take(
      LatencyRecorder recorder, LatencyHistograms target, LatencyKind... kinds) {
    recorder.takeInterval();
    for (int k = 0; k < kinds.length; k++) {
      target.put(kinds[k], recorder.interval(k), recorder.intervalNegativeCount(k));
    }
  }
}
