package io.brokerbench.htmlreport;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.compare.RunComparison;
import io.brokerbench.threshold.Threshold;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens reports of real loopback runs in headless Chromium: no script error, every chart drew, and
 * screenshots in {@code target/report-screenshots} for people to look at. Skipped without {@code
 * /usr/bin/chromium}, except in CI ({@code CI=true}), where it fails.
 */
class HtmlReportBrowserIT {
  private static final Path SCREENSHOTS =
      Path.of(System.getProperty("report.screenshots", "target/report-screenshots"));

  @TempDir static Path dir;

  private static HeadlessChromium chromium;

  @BeforeAll
  static void requireChromium() throws Exception {
    if (!Files.isExecutable(HeadlessChromium.EXECUTABLE)) {
      String missing = HeadlessChromium.EXECUTABLE + " is missing (apt-get install chromium)";
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        Assertions.fail(missing + ": the browser test is required in CI");
      }
      Assumptions.abort(missing);
    }
    chromium = new HeadlessChromium(Files.createDirectories(dir.resolve("browser")));
  }

  private static void assertEveryChartDrew(HeadlessChromium.PageStatus status, List<String> ids) {
    assertThat(status.errors()).as("script errors").isEmpty();
    assertThat(status.charts()).containsKeys(ids.toArray(new String[0]));
    assertThat(status.charts().values()).allSatisfy(line -> assertThat(line).contains(" ok "));
    assertThat(status.summary())
        .isEqualTo(
            "charts " + status.charts().size() + " drawn " + status.charts().size() + " errors 0");
  }

  @Test
  void aSteppedRunsPageDrawsItsChartsWithoutScriptErrors() throws Exception {
    Path html = dir.resolve("run.html");
    HtmlReport.write(List.of(ReportFixtures.steppedRun(dir.resolve("stepped-run"))), html);

    HeadlessChromium.PageStatus status = chromium.open(html);

    assertEveryChartDrew(
        status,
        List.of(
            "input0-rates",
            "input0-latency",
            "input0-distribution",
            "input0-client",
            "input0-steps-rate",
            "input0-steps-latency"));
    Path png = SCREENSHOTS.resolve("run.png");
    chromium.screenshot(html, png, 1400, 3000);
    assertThat(Files.size(png)).isGreaterThan(20_000);
  }

  @Test
  void aComparisonComesFirstWithItsTableThresholdsAndLatencyChart() throws Exception {
    Path baseline = ReportFixtures.steppedRun(dir.resolve("baseline"));
    Path candidate = ReportFixtures.steppedRun(dir.resolve("candidate"));
    RunComparison comparison =
        RunComparison.of(
            "baseline -> candidate",
            ResultFile.read(baseline.resolve(ResultFile.NAME)),
            ResultFile.read(candidate.resolve(ResultFile.NAME)),
            List.of(Threshold.parse("e2e.p99 <= baseline * 0.000001")));
    Path html = dir.resolve("compare.html");
    HtmlReport.write(List.of(baseline, candidate), List.of(comparison), html);

    HeadlessChromium.PageStatus status = chromium.open(html);

    assertEveryChartDrew(status, List.of("comparison0-latency", "input0-rates", "input1-rates"));
    // The page's data escapes every '<' so that no text can end its script element.
    assertThat(Files.readString(html)).contains("FAILED: e2e.p99 \\u003c= baseline * 0.000001");
    Path png = SCREENSHOTS.resolve("compare.png");
    chromium.screenshot(html, png, 1400, 1200);
    assertThat(Files.size(png)).isGreaterThan(20_000);
  }

  @Test
  void aScenariosPageDrawsItsComparisonsAndEveryCellsCharts() throws Exception {
    Path html = dir.resolve("scenario.html");
    HtmlReport.write(List.of(ReportFixtures.scenario(dir.resolve("scenario"))), html);

    HeadlessChromium.PageStatus status = chromium.open(html);

    assertEveryChartDrew(
        status,
        List.of(
            "input0-sweep-rate",
            "input0-sweep-latency",
            "input0-axis0",
            "input0-axis1",
            "input0-axis2",
            "input0-axis3",
            "input0-cell0-rates",
            "input0-cell3-distribution",
            "input0-distribution"));
    assertThat(status.charts().get("input0-distribution"))
        .endsWith("title=End-to-end latency by percentile, one line per cell");
    // Per axis: the p99 and, as the studies chart it, the received rate.
    assertThat(status.charts().get("input0-axis0"))
        .endsWith("title=End-to-end latency p99 by rate");
    assertThat(status.charts().get("input0-axis2")).endsWith("title=Received rate by rate");
    assertThat(status.charts().get("input0-axis3")).endsWith("title=Received rate by stall");
    assertThat(status.charts()).hasSize(7 + 4 * 4);
    Path png = SCREENSHOTS.resolve("scenario.png");
    chromium.screenshot(html, png, 1400, 3000);
    assertThat(Files.size(png)).isGreaterThan(20_000);
    chromium.screenshot(html, SCREENSHOTS.resolve("scenario-overview.png"), 1400, 1150);
  }

  @Test
  void aScenarioAtOneRateComparesItsCellsSideBySide() throws Exception {
    Path html = dir.resolve("one-rate.html");
    HtmlReport.write(
        List.of(ReportFixtures.scenario(dir.resolve("one-rate"), List.of("4000"))), html);

    HeadlessChromium.PageStatus status = chromium.open(html);

    assertEveryChartDrew(
        status, List.of("input0-cells-rate", "input0-cells-latency", "input0-axis1"));
    assertThat(status.charts()).doesNotContainKey("input0-sweep-rate");
    Path png = SCREENSHOTS.resolve("one-rate-scenario.png");
    chromium.screenshot(html, png, 1400, 3000);
    assertThat(Files.size(png)).isGreaterThan(20_000);
  }

  @Test
  void aRequestReplyScenarioShowsTheRoundTripInItsTableAndCharts() throws Exception {
    Path html = dir.resolve("request-reply.html");
    HtmlReport.write(
        List.of(ReportFixtures.requestReplyScenario(dir.resolve("request-reply"))), html);

    HeadlessChromium.PageStatus status = chromium.open(html);

    assertEveryChartDrew(status, List.of("input0-sweep-latency", "input0-axis0"));
    assertThat(status.charts().get("input0-sweep-latency"))
        .endsWith("title=Round trip vs attempted rate");
    assertThat(status.charts().get("input0-axis0")).endsWith("title=Round trip p99 by rate");
    assertThat(status.charts().get("input0-cell0-latency"))
        .contains(" ok ")
        .endsWith("title=Round trip percentiles per interval");
    // The broker's own load: over time in each run, and against the rate across the cells.
    assertThat(status.charts().get("input0-cell0-broker"))
        .contains(" ok ")
        .endsWith("title=Broker CPU and memory");
    assertThat(status.charts().get("input0-cell0-broker-io"))
        .contains(" ok ")
        .endsWith("title=Broker network and disk");
    assertThat(status.charts().get("input0-axis2"))
        .contains(" ok ")
        .endsWith("title=Broker CPU % by rate");
    assertThat(status.charts().get("input0-axis3"))
        .contains(" ok ")
        .endsWith("title=Broker memory MiB by rate");
    assertThat(status.charts().get("input0-distribution"))
        .contains(" ok ")
        .endsWith("title=Round trip by percentile, one line per cell");
    assertThat(status.dom())
        .contains("<th>rtt mean ms</th><th>rtt p50 ms</th><th>rtt p99 ms</th>")
        .contains("<th>rtt max ms</th><th>rtt ≤ 20 ms %</th>")
        .contains("<th>broker CPU %</th><th>broker MiB</th>")
        .doesNotContain("<th>e2e p99 ms</th>");
    chromium.screenshot(html, SCREENSHOTS.resolve("request-reply-scenario.png"), 1400, 1400);
  }

  @Test
  void oneScenarioOnTwoSetUpsIsOneSectionWithASeriesPerSetUp() throws Exception {
    Path html = dir.resolve("setups.html");
    Path a = ReportFixtures.requestReplyScenario(dir.resolve("setups/cluster-a"));
    Path b = ReportFixtures.requestReplyScenario(dir.resolve("setups/cluster-b"));
    HtmlReport.write(List.of(a, b), html);

    HeadlessChromium.PageStatus status = chromium.open(html);

    assertEveryChartDrew(status, List.of("input0-sweep-latency", "input0-axis0", "input0-axis1"));
    assertThat(status.charts()).noneSatisfy((id, line) -> assertThat(id).startsWith("input1"));
    assertThat(status.charts().get("input0-axis0")).endsWith("title=Round trip p99 by setup");
    assertThat(status.dom())
        .containsOnlyOnce("<h2>Scenario request-reply</h2>")
        .contains("<th>setup</th>")
        .contains("cluster-b: 001-rate=300");
    chromium.screenshot(html, SCREENSHOTS.resolve("scenario-on-two-setups.png"), 1400, 1400);
  }

  @Test
  void aScenarioOfIdleConnectionsShowsWhatEachConnectionCosts() throws Exception {
    Path html = dir.resolve("connections.html");
    HtmlReport.write(List.of(ReportFixtures.connectionsScenario(dir.resolve("connections"))), html);

    HeadlessChromium.PageStatus status = chromium.open(html);

    // Open times and broker memory; no empty chart of the messages idle connections do not send.
    assertEveryChartDrew(status, List.of("input0-cells-latency", "input0-axis2"));
    assertThat(status.charts().get("input0-cells-latency"))
        .endsWith("title=Connection open time by cell");
    assertThat(status.charts().get("input0-axis0"))
        .endsWith("title=Connection open time p99 by channels");
    assertThat(status.charts().get("input0-axis2"))
        .endsWith("title=Broker memory per connection by channels");
    assertThat(status.charts()).doesNotContainKeys("input0-cells-rate", "input0-axis1");
    assertThat(status.dom())
        .contains("<th>connections opened</th>")
        .contains("<th>broker KiB/conn</th>")
        .contains("<td class=\"num\">100 of 100</td>")
        .contains("<td class=\"num\">128.0</td>");
    chromium.screenshot(html, SCREENSHOTS.resolve("connections-scenario.png"), 1400, 1200);
  }

  @Test
  void aRepeatedScenarioShowsTheSpreadOfItsRepetitions() throws Exception {
    Path html = dir.resolve("repeated.html");
    HtmlReport.write(List.of(ReportFixtures.repeatedScenario(dir.resolve("repeated"))), html);

    HeadlessChromium.PageStatus status = chromium.open(html);

    assertThat(status.errors()).isEmpty();
    assertThat(status.dom())
        .contains("<h3>Spread over repetitions</h3>")
        .contains(
            "<td>e2e.p99</td><td class=\"num\">3.50 ms</td><td>1.00 ms .. 6.00 ms (±71%)</td>"
                + "<td>1.00 ms .. 6.00 ms</td>");
    chromium.screenshot(html, SCREENSHOTS.resolve("repeated-scenario.png"), 1400, 1400);
  }

  @Test
  void aMergedResultShowsEachShardsRow() throws Exception {
    Path html = dir.resolve("merged.html");
    HtmlReport.write(List.of(ReportFixtures.mergedShards(dir.resolve("merged"))), html);

    HeadlessChromium.PageStatus status = chromium.open(html);

    assertEveryChartDrew(status, List.of("input0-rates", "input0-latency"));
    assertThat(status.dom()).contains("<h4>Shards (2)</h4>").contains("clock error");
    assertThat(status.dom().split("<td>completed</td>", -1)).hasSize(3);
    Path png = SCREENSHOTS.resolve("merged.png");
    chromium.screenshot(html, png, 1400, 3000);
    assertThat(Files.size(png)).isGreaterThan(20_000);
  }

  @Test
  void aRunOfIdleConnectionsShowsWhatTheyCostAndTheirOpenTimes() throws Exception {
    Path html = dir.resolve("connections.html");
    HtmlReport.write(List.of(ReportFixtures.idleConnections(dir.resolve("connections"))), html);

    HeadlessChromium.PageStatus status = chromium.open(html);

    // The open times are in the run's latency distribution; no interval carries them.
    assertEveryChartDrew(status, List.of("input0-distribution"));
    // Nothing was sent: no flat line at zero, but a word that nothing was.
    assertThat(status.charts()).doesNotContainKey("input0-rates");
    assertThat(status.dom())
        .contains("No message was sent or received.")
        .contains("none (no producers)")
        .contains("idle connections")
        .contains("200 of 200 opened with 2 channel(s) or session(s) each")
        .contains("client memory")
        .contains("broker memory")
        .contains("connection open from intended time")
        .contains("200 × 2 channels or sessions, opened at 2000 connections/s");
    Path png = SCREENSHOTS.resolve("connections.png");
    chromium.screenshot(html, png, 1400, 2000);
    assertThat(Files.size(png)).isGreaterThan(20_000);
  }

  @Test
  void aRunWithoutIntervalsShowsItsTablesAndNoEmptyChart() throws Exception {
    Path html = dir.resolve("no-intervals.html");
    HtmlReport.write(
        List.of(ReportFixtures.handMadeRun(dir.resolve("hand-made"), "LOSS: 1")), html);

    HeadlessChromium.PageStatus status = chromium.open(html);

    assertThat(status.errors()).isEmpty();
    assertThat(status.charts()).isEmpty();
    assertThat(status.summary()).isEqualTo("charts 0 drawn 0 errors 0");
  }

  @Test
  void aSuspectRunSaysSoAboveItsWarnings() throws Exception {
    Path html = dir.resolve("suspect.html");
    HtmlReport.write(List.of(ReportFixtures.suspectRun(dir.resolve("suspect"))), html);

    HeadlessChromium.PageStatus status = chromium.open(html);

    assertThat(status.errors()).isEmpty();
    assertThat(status.dom())
        .contains(
            "<p class=\"suspect\">Suspect: this run may have measured the generator or the"
                + " machine, not the broker (GENERATOR_CPU; see the warnings below).</p><ul"
                + " class=\"warnings\"><li>GENERATOR_CPU: the generator's process used 97 %</li>");
  }

  @Test
  void aScriptErrorInThePageIsReportedInItsStatus() throws Exception {
    Path html = dir.resolve("broken.html");
    HtmlReport.write(List.of(ReportFixtures.handMadeRun(dir.resolve("broken"), "fine")), html);
    String page = Files.readString(html);
    Files.writeString(
        html,
        page.replace(
            "<main id=\"report\"></main>",
            "<main id=\"report\"></main><script>notAFunction();</script>"));

    HeadlessChromium.PageStatus status = chromium.open(html);

    assertThat(status.errors()).singleElement().asString().contains("notAFunction");
    assertThat(status.summary()).endsWith("errors 1");
  }
}
