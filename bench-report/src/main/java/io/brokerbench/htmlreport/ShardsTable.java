package io.brokerbench.htmlreport;

import io.brokerbench.latency.LatencyKind;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.ShardSummary;
import java.util.List;

/** The rows of a merged run's per-shard table, so a slow, failed or badly clocked shard shows. */
final class ShardsTable {
  private ShardsTable() {}

  /**
   * One shard.
   *
   * @param producers the producers it played, such as {@code 0-3}
   * @param consumers the consumers it played
   * @param host where it ran
   * @param status how it ended
   * @param sentPerSecond its send rate, msg/s
   * @param receivedPerSecond its receive rate, msg/s
   * @param e2eP99Millis its end-to-end p99 from the intended send, ms; null when it received none
   * @param cpuMicrosPerMessage its client CPU per message
   * @param clock its host's clock error bound, such as {@code ±2.0 ms} or {@code not synchronized}
   */
  record Row(
      String producers,
      String consumers,
      String host,
      String status,
      double sentPerSecond,
      double receivedPerSecond,
      Double e2eP99Millis,
      double cpuMicrosPerMessage,
      String clock) {}

  /** A row per shard; none for a result that is not a merge. */
  static List<Row> rows(RunResult result) {
    return result.mergedFrom().shards().stream().map(ShardsTable::row).toList();
  }

  private static Row row(ShardSummary s) {
    Double p99 = s.p99Micros().get(LatencyKind.END_TO_END.key());
    return new Row(
        range(s.shard().firstProducer(), s.producers()),
        range(s.shard().firstConsumer(), s.consumers()),
        s.host(),
        s.status(),
        s.rates().sentPerSecond(),
        s.rates().receivedPerSecond(),
        p99 == null ? null : p99 / 1_000,
        s.client().cpuMicrosPerMessage(),
        s.clock().describe());
  }

  private static String range(int first, int count) {
    return count == 0
        ? "none"
        : count == 1 ? String.valueOf(first) : first + "-" + (first + count - 1);
  }
}
