package io.brokerbench.htmlreport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.brokerbench.result.RunResult;
import io.brokerbench.result.ScenarioIndex;
import io.brokerbench.result.TestResults;
import io.brokerbench.workload.Workload;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioTableTest {
  @TempDir static Path dir;
  private static ReportInput.Scenario scenario;

  @BeforeAll
  static void runTheScenario() throws Exception {
    scenario = (ReportInput.Scenario) ReportInput.read(ReportFixtures.scenario(dir));
  }

  @Test
  void everyCellIsARowWithItsAxesRatesLatencyCostAndLoss() {
    List<ScenarioTable.Row> rows = ScenarioTable.rows(scenario, LeadingLatency.END_TO_END);

    assertThat(rows)
        .extracting(ScenarioTable.Row::id)
        .containsExactly(
            "000-rate=2000,stall=none",
            "001-rate=6000,stall=none",
            "002-rate=2000,stall=200ms",
            "003-rate=6000,stall=200ms",
            "004-rate=9000,stall=none");
    ScenarioTable.Row first = rows.get(0);
    assertThat(first.axes()).isEqualTo(Map.of("rate", "2000", "stall", "none"));
    assertThat(first.status()).isEqualTo("completed");
    assertThat(first.target()).isEqualTo("2000");
    // How close to 2,000 msg/s is the machine's speed.
    assertThat(first.sentPerSecond()).isPositive();
    assertThat(first.latency().p50Millis()).isPositive();
    assertThat(first.cpuMicrosPerMessage()).isPositive();
    assertThat(first.lost()).isZero();
  }

  @Test
  void aCellWithoutResultKeepsItsRowWithBlankFigures() {
    ScenarioTable.Row failed = ScenarioTable.rows(scenario, LeadingLatency.END_TO_END).get(4);

    assertThat(failed.status()).isEqualTo("failed");
    assertThat(failed.sentPerSecond()).isNull();
    assertThat(failed.latency()).isEqualTo(Percentiles.NONE);
    assertThat(failed.lost()).isNull();
  }

  @Test
  void aStalledSendShowsInTheMaximumOfItsCell() {
    List<ScenarioTable.Row> rows = ScenarioTable.rows(scenario, LeadingLatency.END_TO_END);

    assertThat(rows.get(2).latency().maxMillis()).isGreaterThanOrEqualTo(200);
    assertThat(rows.get(3).latency().maxMillis()).isGreaterThanOrEqualTo(200);
  }

  @Test
  void cellsThatDifferOnlyInRateArePointsOfOneSeriesAgainstTheTargetRate() {
    RateSweep sweep = RateSweep.of(scenario, LeadingLatency.END_TO_END);

    assertThat(RateSweep.rateAxes(scenario)).containsExactly("rate");
    assertThat(sweep.sweep()).isTrue();
    assertThat(sweep.series()).containsOnlyKeys("stall=none", "stall=200ms");
    assertThat(sweep.series().get("stall=none"))
        .extracting(RateSweep.Point::targetPerSecond)
        .containsExactly(2_000.0, 6_000.0);
  }

  @Test
  void eachAxisComparesTheP99OfItsValuesForEachCombinationOfTheOthers() {
    List<AxisComparison> comparisons = AxisComparison.latency(scenario, LeadingLatency.END_TO_END);

    assertThat(comparisons).extracting(AxisComparison::axis).containsExactly("rate", "stall");
    AxisComparison byStall = comparisons.get(1);
    assertThat(byStall.categories()).containsExactly("none", "200ms");
    assertThat(byStall.series()).containsOnlyKeys("rate=2000", "rate=6000");
    assertThat(byStall.series().get("rate=2000")).hasSize(2).doesNotContainNull();
    AxisComparison byRate = comparisons.get(0);
    assertThat(byRate.series().get("stall=none").get(2)).as("no result at 9000 msg/s").isNull();
  }

  @Test
  void eachAxisComparesTheReceivedRateOfItsValues() {
    List<AxisComparison> comparisons = AxisComparison.rate(scenario);

    assertThat(comparisons).extracting(AxisComparison::axis).containsExactly("rate", "stall");
    List<Double> byRate = comparisons.get(0).series().get("stall=none");
    // Each cell's own received rate: the 6k cell received more than the 2k one, none at 9k.
    assertThat(byRate.get(0))
        .isEqualTo(
            ScenarioTable.rows(scenario, LeadingLatency.END_TO_END).get(0).receivedPerSecond());
    assertThat(byRate.get(1)).isGreaterThan(byRate.get(0));
    assertThat(byRate.get(2)).isNull();
  }

  @Test
  void aScenarioFileThatNamesALatencyLeadsWithIt() {
    ScenarioView view = ScenarioView.of("s", asFileSays("confirm", null));

    assertThat(ScenarioView.of("s", scenario).latency()).isEqualTo(LeadingLatency.END_TO_END);
    assertThat(view.latency()).isEqualTo(LeadingLatency.SEND);
    assertThat(view.comparisons().get(0).figure()).isEqualTo("send RT p99");
    RunResult first = scenario.cells().get(0).result();
    assertThat(view.cells().get(0).latency().p50Millis())
        .isEqualTo(first.figures().latency().get("confirm").p50Micros() / 1000);
  }

  @Test
  void producersAloneAreComparedByTheRateTheBrokerConfirmedTheirSendsAt() throws Exception {
    Path alone = Files.createDirectories(dir.resolve("producers-alone"));
    ReportInput.Scenario producersAlone =
        (ReportInput.Scenario) ReportInput.read(ReportFixtures.producersAloneScenario(alone));
    ScenarioView view = ScenarioView.of("s", producersAlone);

    assertThat(view.latency()).isEqualTo(LeadingLatency.SEND);
    assertThat(view.comparisons())
        .extracting(AxisComparison::figure)
        .contains(AxisComparison.CONFIRMED_RATE)
        .doesNotContain(AxisComparison.RECEIVED_RATE);
    AxisComparison tps =
        view.comparisons().stream()
            .filter(c -> c.figure().equals(AxisComparison.CONFIRMED_RATE))
            .findFirst()
            .orElseThrow();
    // RocketMQ's Send TPS by thread count: each cell's own confirmed rate, none received.
    assertThat(tps.categories()).containsExactly("1", "2");
    assertThat(tps.series().get(AxisComparison.CONFIRMED_RATE))
        .containsExactlyElementsOf(
            producersAlone.cells().stream()
                .map(c -> c.result().figures().totals().rates().confirmedPerSecond())
                .toList())
        .allSatisfy(rate -> assertThat(rate).isPositive());
  }

  @Test
  void aBoundInTheFileGivesEachCellTheShareOfItsLatencyUnderIt() {
    ScenarioTable.Row unbounded = ScenarioTable.rows(scenario, LeadingLatency.END_TO_END).get(2);
    double p50 = unbounded.latency().p50Millis();

    // The stalled cell: the messages its 200 ms stall held are over 100 ms, the rest are not.
    ScenarioTable.Row stalled = rowsBoundAt(100.0).get(2);
    assertThat(stalled.withinBoundPercent()).isGreaterThan(0).isLessThan(100);
    // At its median about half are under; at its max, all.
    assertThat(rowsBoundAt(p50).get(2).withinBoundPercent()).isCloseTo(50, within(1.0));
    assertThat(rowsBoundAt(unbounded.latency().maxMillis()).get(2).withinBoundPercent())
        .isEqualTo(100);
    assertThat(unbounded.withinBoundPercent()).isNull();
    // The failed cell has no figures to share out.
    assertThat(rowsBoundAt(100.0).get(4).withinBoundPercent()).isNull();
  }

  private static List<ScenarioTable.Row> rowsBoundAt(double millis) {
    return ScenarioTable.rows(asFileSays(null, millis), LeadingLatency.END_TO_END);
  }

  /** The fixture's scenario as a file naming this latency and bound would have written it. */
  private static ReportInput.Scenario asFileSays(String latency, Double boundMillis) {
    ScenarioIndex index = scenario.scenario();
    return new ReportInput.Scenario(
        scenario.title(),
        new ScenarioIndex(
            index.schema(),
            index.name(),
            index.file(),
            index.runId(),
            index.axes(),
            index.cells(),
            index.setups(),
            latency,
            boundMillis),
        scenario.cells());
  }

  @Test
  void aRequestReplyScenarioLeadsWithTheRoundTrip() throws Exception {
    Path rrDir = Files.createDirectories(dir.resolve("request-reply"));
    ReportInput.Scenario rr =
        (ReportInput.Scenario) ReportInput.read(ReportFixtures.requestReplyScenario(rrDir));
    ScenarioView view = ScenarioView.of("s", rr);

    assertThat(view.latency()).isEqualTo(LeadingLatency.ROUND_TRIP);
    for (ScenarioTable.Row row : view.cells()) {
      // The replier's 2 ms is in every round trip; a request's one-way trip has none of it.
      assertThat(row.latency().p50Millis()).isGreaterThanOrEqualTo(2.0);
      assertThat(row.latency().maxMillis()).isGreaterThanOrEqualTo(row.latency().p99Millis());
      assertThat(row.latency().meanMillis()).isGreaterThanOrEqualTo(2.0);
    }
    assertThat(view.comparisons())
        .extracting(AxisComparison::figure)
        .containsExactly(
            "rtt p99",
            AxisComparison.RECEIVED_RATE,
            AxisComparison.BROKER_CPU,
            AxisComparison.BROKER_MEMORY_MIB);
    assertThat(view.comparisons().get(0).series().get("rtt p99"))
        .allSatisfy(p99 -> assertThat(p99).isGreaterThanOrEqualTo(2.0));
    // The fixture's broker: 10 % of a core per 100 requests/s, 40 MiB + 64 KiB per request/s.
    assertThat(view.comparisons().get(2).series().get(AxisComparison.BROKER_CPU))
        .satisfiesExactly(
            cpu -> assertThat(cpu).isCloseTo(10, within(2.0)),
            cpu -> assertThat(cpu).isCloseTo(30, within(2.0)));
    assertThat(view.comparisons().get(3).series().get(AxisComparison.BROKER_MEMORY_MIB))
        .containsExactly(46.25, 58.75);
    assertThat(view.cells().get(1).broker().memoryMebibytes()).isEqualTo(58.75);
  }

  @Test
  void aBacklogScenarioComparesItsFillAndDrainRates() throws Exception {
    Path backlogDir = Files.createDirectories(dir.resolve("backlog"));
    ReportInput.Scenario backlog =
        (ReportInput.Scenario) ReportInput.read(ReportFixtures.backlogScenario(backlogDir));
    ScenarioView view = ScenarioView.of("b", backlog);

    List<AxisComparison> rates =
        view.comparisons().stream().filter(c -> c.figure().startsWith("backlog ")).toList();
    assertThat(rates)
        .extracting(AxisComparison::figure)
        .containsExactly(AxisComparison.BACKLOG_FILL, AxisComparison.BACKLOG_DRAIN);
    for (AxisComparison rate : rates) {
      // Each cell's own figure, as its result has it.
      List<Double> expected = new ArrayList<>();
      for (ReportInput.CellRun cell : backlog.cells()) {
        expected.add(
            rate.figure().equals(AxisComparison.BACKLOG_FILL)
                ? cell.result().extras().backlog().fillPerSecond()
                : cell.result().extras().backlog().drainPerSecond());
      }
      assertThat(
              rate.series()
                  .get(
                      AxisComparison.BACKLOG_FILL.equals(rate.figure())
                          ? AxisComparison.BACKLOG_FILL
                          : AxisComparison.BACKLOG_DRAIN))
          .containsExactlyElementsOf(expected)
          .allSatisfy(v -> assertThat(v).isPositive());
    }
  }

  @Test
  void producersWithoutConsumersAndWithConfirmsLeadWithTheSendRt() {
    Workload.Builder sending =
        Workload.builder()
            .producers(4)
            .consumers(0)
            .destination("q")
            .duration(Duration.ofSeconds(1));
    RunResult confirmed = TestResults.failedBeforeSending(sending.inFlightWindow(1).build(), "x");
    RunResult unconfirmed = TestResults.failedBeforeSending(sending.inFlightWindow(0).build(), "x");
    RunResult consumed = TestResults.completedWithE2e(1_000);

    assertThat(LeadingLatency.of(List.of(confirmed))).isEqualTo(LeadingLatency.SEND);
    assertThat(LeadingLatency.of(List.of(confirmed, consumed)))
        .isEqualTo(LeadingLatency.END_TO_END);
    assertThat(LeadingLatency.of(List.of(unconfirmed))).isEqualTo(LeadingLatency.END_TO_END);
    assertThat(LeadingLatency.of(List.of())).isEqualTo(LeadingLatency.END_TO_END);
  }

  @Test
  void oneScenarioRunOnTwoSetUpsIsOneScenarioWithASeriesPerSetUp() throws Exception {
    Path a = ReportFixtures.requestReplyScenario(Files.createDirectories(dir.resolve("cluster-a")));
    Path b = ReportFixtures.requestReplyScenario(Files.createDirectories(dir.resolve("cluster-b")));

    ReportModel model =
        ReportModel.of(List.of(ReportInput.read(a), ReportInput.read(b)), List.of(), "now");

    assertThat(model.title()).isEqualTo("brokerbench report: request-reply");
    ScenarioView view = model.scenarios().get(0);
    assertThat(model.scenarios()).hasSize(1);
    assertThat(model.order()).containsExactly("input0");
    assertThat(view.axes()).containsExactly("setup", "rate");
    assertThat(view.cells())
        .extracting(ScenarioTable.Row::id)
        .containsExactly(
            "cluster-a: 000-rate=100",
            "cluster-a: 001-rate=300",
            "cluster-b: 000-rate=100",
            "cluster-b: 001-rate=300");
    // By rate, a series per set-up; by set-up, a series per rate.
    AxisComparison byRate =
        view.comparisons().stream()
            .filter(c -> c.axis().equals("rate") && c.figure().equals("rtt p99"))
            .findFirst()
            .orElseThrow();
    assertThat(byRate.series()).containsOnlyKeys("setup=cluster-a", "setup=cluster-b");
    assertThat(view.comparisons())
        .filteredOn(c -> c.axis().equals("setup"))
        .allSatisfy(c -> assertThat(c.categories()).containsExactly("cluster-a", "cluster-b"));
    assertThat(view.runs()).hasSize(4);
  }

  @Test
  void aScenarioOfIdleConnectionsTabulatesAndChartsWhatEachCosts() throws Exception {
    ReportInput.Scenario connections =
        (ReportInput.Scenario)
            ReportInput.read(
                ReportFixtures.connectionsScenario(
                    Files.createDirectories(dir.resolve("connections"))));
    ScenarioView view = ScenarioView.of("c", connections);

    assertThat(view.latency()).isEqualTo(LeadingLatency.CONNECTION_OPEN);
    assertThat(view.cells())
        .allSatisfy(
            row -> {
              assertThat(row.connections().opened()).isEqualTo(100);
              assertThat(row.connections().target()).isEqualTo(100);
              assertThat(row.connections().openPerSecond()).isPositive();
              assertThat(row.connections().openP99Millis()).isPositive();
            });
    assertThat(view.cells())
        .extracting(row -> row.connections().brokerKibPerConnection())
        .containsExactly(64.0, 128.0);
    assertThat(view.comparisons())
        .filteredOn(c -> c.figure().equals(AxisComparison.BROKER_MEMORY))
        .singleElement()
        .satisfies(
            c ->
                assertThat(c.series().get(AxisComparison.BROKER_MEMORY))
                    .containsExactly(64.0, 128.0));
    // Cells without connections have none, and a scenario without them no memory chart.
    assertThat(ScenarioTable.rows(scenario, LeadingLatency.END_TO_END).get(0).connections())
        .isNull();
    assertThat(AxisComparison.brokerMemoryPerConnection(scenario)).isEmpty();
  }
}
