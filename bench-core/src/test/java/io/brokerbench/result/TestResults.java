package io.brokerbench.result;

import io.brokerbench.spi.BrokerIdentity;
import io.brokerbench.workload.Shard;
import io.brokerbench.workload.Workload;
import java.util.List;
import java.util.Map;

/** Results built by hand for the tests of reports. */
public final class TestResults {
  private TestResults() {}

  /** An environment of an amqp091 run against a local RabbitMQ. */
  public static Environment environment() {
    return new Environment(
        "amqp091",
        "amqp://127.0.0.1:5672",
        false,
        "amqp-client 5.25.0",
        new BrokerIdentity("RabbitMQ", "3.10.8"),
        "body",
        "2026-01-01T00:00:00Z",
        "host",
        "Linux",
        "17",
        2,
        "0.1.0-SNAPSHOT");
  }

  /** Counts with these sent, confirmed and received messages and nothing else. */
  public static MessageCounts counts(long sent, long confirmed, long received) {
    return new MessageCounts(sent, confirmed, received, NotAccepted.NONE, 0, 0, 0);
  }

  /** A completed run of the workload with these totals, latencies and integrity counts. */
  public static RunResult completed(
      Workload workload,
      Totals totals,
      Map<String, LatencySummary> latency,
      IntegrityCounts integrity) {
    return new RunResult(
        RunResult.SCHEMA,
        RunResult.COMPLETED,
        null,
        null,
        WorkloadSummary.of(workload),
        new DriverSettings("amqp091", Map.of()),
        Shard.whole(workload),
        environment(),
        totals,
        latency,
        integrity,
        List.of(),
        List.of(),
        List.of(),
        List.of(),
        List.of());
  }
}
