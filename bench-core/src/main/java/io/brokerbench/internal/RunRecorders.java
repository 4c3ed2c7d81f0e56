package io.brokerbench.internal;

import io.brokerbench.latency.LatencyKind;
import io.brokerbench.latency.LatencyRecorder;
import java.util.EnumMap;
import java.util.Map;

/**
 * One recorder per latency kind for the whole run, and the writers producers and consumers record
 * through: exclusive ones (cheapest) when the run has at most {@value #MAX_EXCLUSIVE_PARTICIPANTS}
 * producers and consumers, shared ones beyond (bounded memory).
 */
final class RunRecorders {
  static final int MAX_EXCLUSIVE_PARTICIPANTS = 64;

  final LatencyRecorder endToEnd = new LatencyRecorder();
  final LatencyRecorder endToEndFromSend = new LatencyRecorder();
  final LatencyRecorder confirm = new LatencyRecorder();
  final LatencyRecorder confirmFromSend = new LatencyRecorder();
  final LatencyRecorder slip = new LatencyRecorder();
  final LatencyRecorder storeToConsume = new LatencyRecorder();
  private final boolean exclusive;

  RunRecorders(int participants) {
    this.exclusive = participants <= MAX_EXCLUSIVE_PARTICIPANTS;
  }

  /** A writer for one producer's or one consumer's recordings of this kind. */
  LatencyRecorder.Writer writer(LatencyRecorder recorder) {
    return exclusive ? recorder.exclusiveWriter() : recorder.sharedWriter();
  }

  /** All recorders by kind, in declaration order. */
  Map<LatencyKind, LatencyRecorder> byKind() {
    Map<LatencyKind, LatencyRecorder> map = new EnumMap<>(LatencyKind.class);
    map.put(LatencyKind.END_TO_END, endToEnd);
    map.put(LatencyKind.END_TO_END_FROM_SEND, endToEndFromSend);
    map.put(LatencyKind.CONFIRM, confirm);
    map.put(LatencyKind.CONFIRM_FROM_SEND, confirmFromSend);
    map.put(LatencyKind.SCHEDULE_SLIP, slip);
    map.put(LatencyKind.STORE_TO_CONSUME, storeToConsume);
    return map;
  }
}
