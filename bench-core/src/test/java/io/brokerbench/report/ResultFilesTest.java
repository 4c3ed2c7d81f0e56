package io.brokerbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.contract.DelegatingDriver;
import io.brokerbench.loopback.LoopbackDriver;
import io.brokerbench.loopback.LoopbackOptions;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.spi.DestinationSpec;
import io.brokerbench.spi.DriverException;
import io.brokerbench.workload.Workload;
import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogProcessor;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultFilesTest {
  @TempDir static Path dir;
  static RunResult result;
  static final StringWriter console = new StringWriter();

  @BeforeAll
  static void runOnce() throws Exception {
    Workload workload =
        Workload.builder()
            .rate(5_000)
            .duration(Duration.ofMillis(1_200))
            .reportInterval(Duration.ofMillis(200))
            .inFlightWindow(32)
            .build();
    result =
        BenchmarkRun.builder(workload)
            .driver("loopback", Map.of("retry-every", "10"))
            .sink(new ConsoleReport(new PrintWriter(console), false))
            .sink(new JsonResult(dir.resolve("result.json")))
            .sink(new CsvIntervals(dir.resolve("intervals.csv")))
            .sink(new HistogramLog(dir.resolve("latency.hlog")))
            .build()
            .run();
  }

  @Test
  void jsonReadsBackEqual() throws Exception {
    RunResult read = JsonResult.read(dir.resolve("result.json"));

    assertThat(read).isEqualTo(result);
    ResultSchema.assertValid(dir.resolve("result.json"));
    assertThat(read.schema()).isEqualTo("brokerbench-result/2");
    assertThat(read.figures().latency())
        .containsKeys("e2e", "e2e_send", "confirm", "confirm_send", "slip");
  }

  @Test
  void retriedSendsReachTheJsonTotalsTheCsvIntervalsAndTheSummary() throws Exception {
    RunResult read = JsonResult.read(dir.resolve("result.json"));
    long retried = read.figures().totals().counts().retried();

    // The loopback driver retries every 10th message once; each is still confirmed once.
    assertThat(retried).isPositive().isEqualTo(read.figures().totals().counts().sent() / 10);
    assertThat(read.figures().totals().counts().confirmed())
        .isEqualTo(read.figures().totals().counts().sent());
    assertThat(Files.readString(dir.resolve("result.json"))).contains("\"retried\" : " + retried);
    assertThat(read.figures().intervals().stream().mapToLong(i -> i.counts().retried()).sum())
        .isEqualTo(retried);
    int column = CsvIntervals.header().indexOf("retried");
    long csvRetried = 0;
    List<String> lines = Files.readAllLines(dir.resolve("intervals.csv"));
    for (String row : lines.subList(1, lines.size())) {
      csvRetried += Long.parseLong(row.split(",", -1)[column]);
    }
    assertThat(csvRetried).isEqualTo(retried);
    assertThat(console.toString()).contains("failed 0, retries " + retried + ",");
  }

  @Test
  void csvHasTheHeaderAndOneRowPerInterval() throws Exception {
    List<String> lines = Files.readAllLines(dir.resolve("intervals.csv"));

    assertThat(lines.get(0)).isEqualTo(String.join(",", CsvIntervals.header()));
    assertThat(lines).hasSize(result.figures().intervals().size() + 1);
    long sent = 0;
    for (String row : lines.subList(1, lines.size())) {
      String[] cells = row.split(",", -1);
      assertThat(cells).hasSize(CsvIntervals.header().size());
      sent += Long.parseLong(cells[CsvIntervals.header().indexOf("sent")]);
    }
    assertThat(sent).isEqualTo(result.figures().totals().counts().sent());
  }

  @Test
  void histogramLogHoldsEveryEndToEndValueAndHdrHistogramProcessesIt() throws Exception {
    Path log = dir.resolve("latency.hlog");
    long e2e = 0;
    HistogramLogReader reader = new HistogramLogReader(log.toFile());
    EncodableHistogram h;
    while ((h = reader.nextIntervalHistogram()) != null) {
      if ("e2e".equals(h.getTag())) {
        e2e += ((org.HdrHistogram.Histogram) h).getTotalCount();
      }
    }
    reader.close();
    assertThat(e2e).isEqualTo(result.figures().latency().get("e2e").count());

    File out = dir.resolve("processed").toFile();
    new HistogramLogProcessor(
            new String[] {"-i", log.toString(), "-tag", "e2e", "-o", out.getPath()})
        .run();
    assertThat(Files.readString(dir.resolve("processed.hgrm")))
        .containsPattern("Total count += +" + e2e + "]");
  }

  @Test
  void csvRowsAndHistogramLogEntriesStartAtTheSameEpochInstants() throws Exception {
    int startColumn = CsvIntervals.header().indexOf("start_epoch_ms");
    List<String> lines = Files.readAllLines(dir.resolve("intervals.csv"));
    java.util.Set<Long> rowStarts = new java.util.TreeSet<>();
    long first = Long.parseLong(lines.get(1).split(",", -1)[startColumn]);
    for (String row : lines.subList(1, lines.size())) {
      long start = Long.parseLong(row.split(",", -1)[startColumn]);
      assertThat((start - first) % 200).as("a whole number of 200 ms intervals in").isZero();
      rowStarts.add(start);
    }
    java.util.Set<Long> logStarts = new java.util.TreeSet<>();
    HistogramLogReader reader = new HistogramLogReader(dir.resolve("latency.hlog").toFile());
    EncodableHistogram h;
    while ((h = reader.nextIntervalHistogram()) != null) {
      logStarts.add(h.getStartTimeStamp());
    }
    reader.close();
    // The log writes start times in seconds with three decimals: reading back may lose 1 ms.
    assertThat(logStarts).isNotEmpty();
    for (long logStart : logStarts) {
      assertThat(rowStarts).anyMatch(rowStart -> Math.abs(rowStart - logStart) <= 1);
    }
  }

  @Test
  void aRunThatFailsToSetUpStillWritesItsResultAndValidFiles(@TempDir Path failed)
      throws Exception {
    Workload workload = Workload.builder().duration(Duration.ofSeconds(1)).build();
    DelegatingDriver refusing =
        new DelegatingDriver(new LoopbackDriver(LoopbackOptions.DEFAULTS, NanoClock.system())) {
          @Override
          public void declare(List<DestinationSpec> destinations) throws DriverException {
            throw new DriverException("queue 'brokerbench' cannot be declared: access refused");
          }
        };
    BenchmarkRun run =
        BenchmarkRun.builder(workload)
            .driver(refusing)
            .commandLine("bench run loopback")
            .sink(new JsonResult(failed.resolve("result.json")))
            .sink(new CsvIntervals(failed.resolve("intervals.csv")))
            .sink(new HistogramLog(failed.resolve("latency.hlog")))
            .build();

    org.assertj.core.api.Assertions.assertThatThrownBy(run::run)
        .isInstanceOf(DriverException.class);

    ResultSchema.assertValid(failed.resolve("result.json"));
    RunResult read = JsonResult.read(failed.resolve("result.json"));
    assertThat(read.ending().status()).isEqualTo(RunResult.FAILED);
    assertThat(read.ending().error())
        .isEqualTo("queue 'brokerbench' cannot be declared: access refused");
    assertThat(read.setup().commandLine()).isEqualTo("bench run loopback");
    assertThat(read.setup().environment().driver()).isEqualTo("loopback");
    assertThat(Files.readAllLines(failed.resolve("intervals.csv"))).hasSize(1);
    assertThat(Files.readString(failed.resolve("latency.hlog")))
        .startsWith("#[Histogram log format");
  }
}
