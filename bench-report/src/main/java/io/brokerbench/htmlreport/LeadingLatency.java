package io.brokerbench.htmlreport;

import io.brokerbench.latency.LatencyKind;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.RunResult;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The latency a scenario's cells are about, which its table and charts lead with, as the studies
 * lead with it: the round trip for request-reply (the single-node request-reply study), the send RT
 * (the confirm, from the intended send) for producers without consumers (RocketMQ's benchmark), a
 * connection's open time for idle connections alone (RabbitMQ 4.0's connection study), the
 * end-to-end latency for everything else. A scenario file may name another ({@code latency: s2c}),
 * as RocketMQ's consumer figures lead with store-to-consume.
 *
 * @param key the latency kind's key in {@code result.json}
 * @param label its short name in column headers and axes, such as {@code rtt}
 * @param title its name in chart titles, such as {@code Round trip}
 */
record LeadingLatency(String key, String label, String title) {
  static final LeadingLatency END_TO_END =
      new LeadingLatency(LatencyKind.END_TO_END.key(), "e2e", "End-to-end latency");
  static final LeadingLatency ROUND_TRIP =
      new LeadingLatency(LatencyKind.ROUND_TRIP.key(), "rtt", "Round trip");
  static final LeadingLatency SEND =
      new LeadingLatency(LatencyKind.CONFIRM.key(), "send RT", "Send RT");
  static final LeadingLatency CONNECTION_OPEN =
      new LeadingLatency(LatencyKind.CONNECT.key(), "open", "Connection open time");
  static final LeadingLatency STORE_TO_CONSUME =
      new LeadingLatency(LatencyKind.STORE_TO_CONSUME.key(), "s2c", "Store to consume");

  /**
   * The latency of this {@code result.json} key, as a scenario file names it; empty for null or a
   * key the report cannot lead with (a file written by a later version), which then follows the
   * workload.
   */
  static Optional<LeadingLatency> named(String key) {
    return Stream.of(END_TO_END, ROUND_TRIP, SEND, CONNECTION_OPEN, STORE_TO_CONSUME)
        .filter(latency -> latency.key().equals(key))
        .findFirst();
  }

  /** The latency these results (a scenario's cells) lead with; end to end when there are none. */
  static LeadingLatency of(List<RunResult> results) {
    if (results.isEmpty()) {
      return END_TO_END;
    }
    List<LatencyKind> kinds =
        results.stream().map(r -> r.setup().workload().leadingLatency()).toList();
    if (kinds.contains(LatencyKind.ROUND_TRIP)) {
      return ROUND_TRIP;
    }
    if (kinds.stream().allMatch(LatencyKind.CONFIRM::equals)) {
      return SEND;
    }
    if (kinds.stream().allMatch(LatencyKind.CONNECT::equals)) {
      return CONNECTION_OPEN;
    }
    return END_TO_END;
  }

  /** This latency of one result, or of one of its steps. */
  Percentiles of(Map<String, LatencySummary> latency) {
    return Percentiles.of(latency.get(key));
  }
}
