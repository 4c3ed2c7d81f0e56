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
        "0.1.0-SNAPSHOT",
        new ClockStatus("adjtimex", true, 5_000, 1_000),
        Map.of());
  }

  /** Counts with these sent, confirmed and received messages and nothing else. */
  public static MessageCounts counts(long sent, long confirmed, long received) {
    return new MessageCounts(sent, confirmed, received, NotAccepted.NONE, 0, 0, 0, 0);
  }

  /** A latency summary with these median and maximum, and fixed figures between. */
  public static LatencySummary latency(double p50Micros, double maxMicros) {
    return new LatencySummary(
        10, 5, 1_500, 100, p50Micros, 2_000, 3_000, 4_000, 5_000, 6_000, 7_000, maxMicros, 0, 0,
        null);
  }

  /**
   * A 2-second interval: 20,000 sent, 19,000 confirmed, 18,000 received, 3 rejected and 2 failed,
   * with end-to-end, confirm and store-to-consume latencies, 55 % CPU and 200 MiB of RSS.
   */
  public static IntervalSample interval() {
    return new IntervalSample(
        0,
        0,
        1_700_000_000_000L,
        0,
        2,
        false,
        new MessageCounts(20_000, 19_000, 18_000, new NotAccepted(3, 0, 0, 2, 0), 0, 0, 0, 0),
        new Rates(10_000, 9_500, 9_000),
        Map.of(
            "e2e", latency(1_234, 9_999),
            "e2e_send", latency(1_000, 8_000),
            "confirm_send", latency(500, 2_500),
            "s2c", latency(700, 4_000)),
        55,
        200L << 20);
  }

  /** A run of the workload that failed before it sent anything. */
  public static RunResult failedBeforeSending(Workload workload, String error) {
    return result(
        RunResult.FAILED,
        error,
        workload,
        Totals.of(MessageCounts.ZERO, 0, 0, 0, -1),
        Map.of(),
        IntegrityCounts.NONE,
        List.of(),
        environment());
  }

  /** A completed run of the workload with these totals, latencies and integrity counts. */
  public static RunResult completed(
      Workload workload,
      Totals totals,
      Map<String, LatencySummary> latency,
      IntegrityCounts integrity) {
    return completed(workload, totals, latency, integrity, List.of());
  }

  /** A completed run with these totals, latencies, integrity counts and intervals. */
  public static RunResult completed(
      Workload workload,
      Totals totals,
      Map<String, LatencySummary> latency,
      IntegrityCounts integrity,
      List<IntervalSample> intervals) {
    return result(
        RunResult.COMPLETED, null, workload, totals, latency, integrity, intervals, environment());
  }

  /**
   * A completed 10 s run of 10,000 messages without confirms, none lost, whose every end-to-end
   * statistic is {@code e2eMicros}: one of several runs whose spread a test sets.
   */
  public static RunResult completedWithE2e(double e2eMicros) {
    double v = e2eMicros;
    return completed(
        Workload.builder().inFlightWindow(0).build(),
        new Totals(
            10,
            10,
            counts(10_000, 0, 10_000),
            new Rates(1_000, 0, 1_000),
            new ClientCost(1, 50, -1)),
        Map.of("e2e", new LatencySummary(10_000, v, v, v, v, v, v, v, v, v, v, v, 0, 0, null)),
        new IntegrityCounts(10_000, 0, 0, 0, 0, 0));
  }

  /** The intended sends of {@code result} that never left. */
  public static long unsent(RunResult result) {
    LatencySummary unsent = result.figures().latency().get("unsent");
    return unsent == null ? 0 : unsent.count();
  }

  /** The same as {@link #environment()} with the broker embedded in the generator's process. */
  public static Environment embeddedEnvironment() {
    Environment e = environment();
    return new Environment(
        e.driver(),
        e.target(),
        true,
        e.clientLibrary(),
        e.broker(),
        e.stampLocation(),
        e.startTime(),
        e.host(),
        e.os(),
        e.java(),
        e.cores(),
        e.brokerbenchVersion(),
        e.clock(),
        e.clientNodes());
  }

  /** A completed run against the broker embedded in the generator's process. */
  public static RunResult completedOnEmbeddedBroker(
      Workload workload, Totals totals, Map<String, LatencySummary> latency) {
    return result(
        RunResult.COMPLETED,
        null,
        workload,
        totals,
        latency,
        IntegrityCounts.NONE,
        List.of(),
        embeddedEnvironment());
  }

  /** The result with this broker load, as a run that read its broker has it. */
  public static RunResult withBrokerLoad(RunResult r, BrokerLoad load) {
    return r.withExtras(r.extras().withBrokerLoad(load));
  }

  private static RunResult result(
      String status,
      String error,
      Workload workload,
      Totals totals,
      Map<String, LatencySummary> latency,
      IntegrityCounts integrity,
      List<IntervalSample> intervals,
      Environment environment) {
    return new RunResult(
        RunResult.SCHEMA,
        new RunEnding(status, error),
        new RunSetup(
            null,
            WorkloadSummary.of(workload),
            new DriverSettings("amqp091", Map.of()),
            Shard.whole(workload),
            environment),
        new RunFigures(totals, latency, integrity, List.of(), List.of(), intervals),
        RunVerdict.of(List.of()),
        MergeSources.NONE,
        RunExtras.NONE);
  }
}
