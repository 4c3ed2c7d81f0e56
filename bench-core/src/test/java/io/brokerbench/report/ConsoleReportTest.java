package io.brokerbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.latency.LatencyRecorder;
import io.brokerbench.result.IntegrityCounts;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.Rates;
import io.brokerbench.result.TestResults;
import io.brokerbench.result.Totals;
import io.brokerbench.result.WorkloadSummary;
import io.brokerbench.workload.RateProfile;
import io.brokerbench.workload.Workload;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ConsoleReportTest {
  private static LatencySummary latency(long... nanos) {
    Histogram h = LatencyRecorder.newHistogram();
    for (long n : nanos) {
      h.recordValue(n);
    }
    return LatencySummary.of(h, 0);
  }

  @Test
  void latenciesOfSecondsKeepTheColumnsOfTheIntervalTable() {
    StringWriter text = new StringWriter();
    ConsoleReport report = new ConsoleReport(new PrintWriter(text));
    report.started(
        TestResults.environment(),
        WorkloadSummary.of(Workload.builder().inFlightWindow(10).warmup(Duration.ZERO).build()));
    for (long p99 : new long[] {800_000, 35_000_000, 42_000_000_000L}) {
      report.interval(
          new IntervalSample(
              0,
              0,
              0,
              0,
              1,
              false,
              TestResults.counts(1_000, 1_000, 1_000),
              new Rates(1_000, 1_000, 1_000),
              Map.of(
                  LatencyKind.END_TO_END.key(), latency(500_000, p99),
                  LatencyKind.CONFIRM.key(), latency(300_000, p99)),
              12,
              100 << 20),
          LatencyHistograms.empty());
    }

    List<String> lines = text.toString().lines().toList();
    List<String> table = lines.subList(1, lines.size());
    assertThat(table).hasSize(4);
    assertThat(table).allSatisfy(l -> assertThat(l).hasSize(table.get(0).length()));
    assertThat(table.get(1)).contains(" 800us ");
    assertThat(table.get(2)).contains(" 35.0ms ");
    assertThat(table.get(3)).contains(" 42.0s ");
  }

  @Test
  void withoutConfirmsNoConfirmColumnOrCountIsShown() {
    StringWriter text = new StringWriter();
    ConsoleReport report = new ConsoleReport(new PrintWriter(text));
    report.started(
        TestResults.environment(),
        WorkloadSummary.of(Workload.builder().warmup(Duration.ZERO).build()));
    report.interval(
        new IntervalSample(
            0,
            0,
            0,
            0,
            1,
            false,
            TestResults.counts(1_000, 0, 1_000),
            new Rates(1_000, 0, 1_000),
            Map.of(),
            12,
            100 << 20),
        LatencyHistograms.empty());
    report.finished(
        TestResults.completed(
            Workload.builder().build(),
            Totals.of(TestResults.counts(1_000, 0, 1_000), 1, 1, 0, -1),
            Map.of(),
            IntegrityCounts.NONE));

    List<String> lines = text.toString().lines().toList();
    assertThat(lines.get(1)).doesNotContain("conf").contains(" sent/s     recv/s |");
    assertThat(lines.get(2)).containsPattern(" 1000 +1000 \\|");
    assertThat(text.toString())
        .contains("confirms off, received")
        .doesNotContain("confirmed")
        .doesNotContain("unconfirmed");
  }

  @Test
  void everyRowOfTheLatencyTableLinesUpWithItsHeader() {
    StringWriter text = new StringWriter();
    ConsoleReport report = new ConsoleReport(new PrintWriter(text));
    Workload workload = Workload.builder().inFlightWindow(10).build();
    report.started(TestResults.environment(), WorkloadSummary.of(workload));
    Map<String, LatencySummary> latency = new LinkedHashMap<>();
    for (LatencyKind kind : LatencyKind.values()) {
      latency.put(kind.key(), latency(500_000, 900_000));
    }
    report.finished(
        TestResults.completed(
            workload,
            Totals.of(TestResults.counts(1_000, 1_000, 1_000), 1, 1, 0, -1),
            latency,
            IntegrityCounts.NONE));

    List<String> table =
        text.toString()
            .lines()
            .filter(
                l ->
                    l.startsWith("latency ")
                        || Arrays.stream(LatencyKind.values())
                            .anyMatch(k -> l.startsWith(k.label() + " ")))
            .toList();
    assertThat(table).hasSize(1 + LatencyKind.values().length);
    assertThat(table).allSatisfy(l -> assertThat(l).hasSize(table.get(0).length()));
  }

  @Test
  void theClientCpuBesideAnEmbeddedBrokerSaysItIncludesTheBroker() {
    Workload workload = Workload.builder().build();
    Totals totals = Totals.of(TestResults.counts(1_000, 1_000, 1_000), 1, 1, 50_000_000, -1);
    StringWriter own = new StringWriter();
    new ConsoleReport(new PrintWriter(own))
        .finished(TestResults.completed(workload, totals, Map.of(), IntegrityCounts.NONE));
    StringWriter shared = new StringWriter();
    new ConsoleReport(new PrintWriter(shared))
        .finished(TestResults.completedOnEmbeddedBroker(workload, totals, Map.of()));

    assertThat(own.toString()).contains("client CPU 0.05 s (50.00 us/msg), peak RSS - MB");
    assertThat(shared.toString())
        .contains("client CPU 0.05 s (50.00 us/msg, the embedded broker's included), peak RSS");
  }

  /** The interval table of a run of {@code workload} with one interval, in step 1. */
  private static List<String> intervalTable(Workload workload) {
    StringWriter text = new StringWriter();
    ConsoleReport report = new ConsoleReport(new PrintWriter(text));
    report.started(TestResults.environment(), WorkloadSummary.of(workload));
    report.interval(
        new IntervalSample(
            0,
            1,
            0,
            0,
            1,
            false,
            TestResults.counts(1_000, 0, 1_000),
            new Rates(1_000, 0, 1_000),
            Map.of(),
            12,
            100 << 20),
        LatencyHistograms.empty());
    List<String> lines = text.toString().lines().toList();
    return lines.subList(1, lines.size());
  }

  @Test
  void theStepColumnIsShownOnlyWhenTheRunHasRateSteps() {
    List<String> steady =
        intervalTable(Workload.builder().rate(1_000).warmup(Duration.ZERO).build());
    assertThat(steady.get(0)).startsWith("   time(s)     sent/s     recv/s |");
    assertThat(steady.get(1)).containsPattern("^ +1\\.0 +1000 +1000 \\|");

    List<String> stepped =
        intervalTable(
            Workload.builder()
                .rate(RateProfile.stepped(Duration.ofSeconds(1), 1_000, 2_000))
                .build());
    assertThat(stepped.get(0)).startsWith("   time(s) step     sent/s     recv/s |");
    assertThat(stepped.get(1)).containsPattern("^ +1\\.0 +1 +1000 +1000 \\|");
    assertThat(stepped).allSatisfy(l -> assertThat(l).hasSize(stepped.get(0).length()));
  }

  @Test
  void theStartSaysHowLongTheWarmUpLeftOutIs() {
    StringWriter text = new StringWriter();
    new ConsoleReport(new PrintWriter(text))
        .started(TestResults.environment(), WorkloadSummary.of(Workload.builder().build()));

    assertThat(text.toString())
        .contains(
            "  warm-up 1 s: sent and checked, but left out of the totals (--warmup 0 counts it)");
  }
}
