package io.brokerbench.internal;

import io.brokerbench.latency.LatencyKind;
import io.brokerbench.latency.LatencyRecorder;
import java.util.EnumMap;
import java.util.Map;

/** One recorder per latency kind for the whole run, as fields for the hot path. */
final class RunRecorders {
  final LatencyRecorder endToEnd = new LatencyRecorder();
  final LatencyRecorder endToEndFromSend = new LatencyRecorder();
  final LatencyRecorder confirm = new LatencyRecorder();
  final LatencyRecorder confirmFromSend = new LatencyRecorder();
  final LatencyRecorder slip = new LatencyRecorder();
  final LatencyRecorder storeToConsume = new LatencyRecorder();

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
