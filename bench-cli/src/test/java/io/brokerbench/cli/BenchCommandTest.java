package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.report.JsonResult;
import io.brokerbench.report.RunResult;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class BenchCommandTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int bench(String... args) {
    CommandLine commandLine = BenchCommand.commandLine();
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(err, true));
    return commandLine.execute(args);
  }

  private String errorLine() {
    String text = err.toString();
    assertThat(text.lines()).as("one line on stderr, no stack trace: %s", text).hasSize(1);
    return text.strip();
  }

  @Test
  void versionIsPrinted() {
    assertThat(bench("--version")).isZero();
    assertThat(out.toString()).startsWith("brokerbench ");
  }

  @Test
  void driversAreListedByName() {
    assertThat(bench("drivers")).isZero();
    assertThat(out.toString()).contains("loopback ", "amqp091 ");
  }

  @Test
  void anUnknownOptionIsAUsageError() {
    assertThat(bench("run", "loopback", "--bogus")).isEqualTo(2);
    assertThat(errorLine())
        .isEqualTo("bench: Unknown option: '--bogus' (see 'bench run loopback --help')");
  }

  @Test
  void aNegativeRateIsAUsageError() {
    assertThat(bench("run", "loopback", "-r", "-5")).isEqualTo(2);
    assertThat(errorLine())
        .isEqualTo(
            "bench: rate must be > 0 msg/s (got -5.0); leave the rate out for an unlimited rate");
  }

  @Test
  void aRateThatIsNotANumberIsAUsageError() {
    assertThat(bench("run", "loopback", "-r", "fast")).isEqualTo(2);
    assertThat(errorLine())
        .isEqualTo("bench: rate must be a number of msg/s or 'unlimited' (got 'fast')");
  }

  @Test
  void aZeroSizeIsAUsageError() {
    assertThat(bench("run", "loopback", "-s", "0")).isEqualTo(2);
    assertThat(errorLine()).startsWith("bench: message size must be between 1 and ");
  }

  @Test
  void aSizeBelowTheStampWithoutHeaderSupportIsAUsageError() {
    assertThat(bench("run", "noheader", "-s", "8", "-C", "10")).isEqualTo(2);
    assertThat(errorLine())
        .isEqualTo(
            "bench: message size 8 B is below the 12-byte stamp and driver 'noheader' cannot carry"
                + " it in a header: use a size of at least 12");
  }

  @Test
  void anUnwritableOutputDirectoryIsAUsageError() {
    assertThat(bench("run", "loopback", "-C", "10", "-o", "/proc/brokerbench")).isEqualTo(2);
    assertThat(errorLine())
        .startsWith("bench: cannot write results to /proc/brokerbench (")
        .endsWith("): choose a writable --output-dir");
  }

  @Test
  void anUnknownDriverNamesTheDriversAvailable() {
    assertThat(bench("run", "kafka")).isEqualTo(2);
    assertThat(errorLine())
        .startsWith("bench: unknown driver 'kafka': available drivers are ")
        .contains("loopback");
  }

  @Test
  void aMissingDriverIsAUsageError() {
    assertThat(bench("run")).isEqualTo(2);
    assertThat(errorLine()).startsWith("bench: missing driver: use one of ");
  }

  @Test
  void aBadDurationSaysWhatWouldDo() {
    assertThat(bench("run", "loopback", "-z", "soon")).isEqualTo(2);
    assertThat(errorLine())
        .contains("'soon' is not a duration: use e.g. 30 (seconds), 500ms, 30s, 2m or 1h");
  }

  @Test
  void anUnsupportedFlagNamesTheSupportedOnes() {
    assertThat(bench("run", "loopback", "-f", "mandatory", "-C", "10")).isEqualTo(2);
    assertThat(errorLine())
        .startsWith("bench: flag 'mandatory' is not supported by driver loopback: use persistent");
  }

  @Test
  void aBadDriverOptionValueIsAUsageError() {
    assertThat(bench("run", "loopback", "--queue-capacity", "lots")).isEqualTo(2);
    assertThat(errorLine()).isEqualTo("bench: queue-capacity must be a whole number (got 'lots')");
  }

  @Test
  void anUnreachableBrokerIsARunFailureWithoutPasswordOrStackTrace() {
    int code = bench("run", "amqp091", "-h", "amqp://guest:s3cret@127.0.0.1:1", "-C", "10");

    assertThat(code).isEqualTo(1);
    assertThat(errorLine()).startsWith("bench: run failed: ").contains("127.0.0.1:1");
    assertThat(out.toString() + err).doesNotContain("s3cret");
  }

  @Test
  void aLoopbackRunPrintsTheSummaryAndWritesTheResultFiles(@TempDir Path dir) throws Exception {
    int code = bench("run", "loopback", "-C", "20k", "-c", "64", "-o", dir.toString());

    assertThat(code).isZero();
    assertThat(out.toString())
        .contains("== brokerbench summary (completed) ==")
        .contains("sent 20000 ")
        .contains("integrity: unique 20000, lost 0, duplicates 0");
    RunResult result = JsonResult.read(dir.resolve(OutputOptions.JSON));
    assertThat(result.totals().received()).isEqualTo(20_000);
    assertThat(Files.readAllLines(dir.resolve(OutputOptions.CSV))).hasSizeGreaterThan(1);
    assertThat(Files.size(dir.resolve(OutputOptions.HISTOGRAM_LOG))).isPositive();
  }

  @Test
  void familiarReportsArePrintedOnRequest() {
    int code = bench("run", "loopback", "-C", "5k", "--report", "quiver,perftest");

    assertThat(code).isZero();
    assertThat(out.toString())
        .contains("RESULTS")
        .contains("Latencies by percentile (from the intended send time):")
        .contains("id: ")
        .doesNotContain(" time(s)     sent/s");
  }

  @Test
  void anUnknownReportIsAUsageError() {
    assertThat(bench("run", "loopback", "-C", "5k", "--report", "fancy")).isEqualTo(2);
    assertThat(errorLine())
        .isEqualTo("bench: unknown report 'fancy': use brokerbench, perftest, quiver or rocketmq");
  }

  @Test
  void theRocketMqToolsShortOptionsMeanTopicAndSenderThreads() {
    CommandLine commandLine = BenchCommand.commandLine();
    CommandLine rocketmq = commandLine.getSubcommands().get("run").getSubcommands().get("rocketmq");
    commandLine.parseArgs("run", "rocketmq", "-t", "T", "-w", "16", "-s", "1024", "-n", "x:1");

    DriverRunCommand command = rocketmq.getCommand();
    var parsed = rocketmq.getParseResult();
    assertThat(parsed.matchedOption("-t").<String>getValue()).isEqualTo("T");
    assertThat(parsed.matchedOption("-w").<String>getValue()).isEqualTo("16");
    assertThat(command.workloadOptions.size).isEqualTo(1024);
  }

  @Test
  void aBadSenderThreadCountIsAUsageError() {
    assertThat(bench("run", "rocketmq", "-w", "many", "-n", "127.0.0.1:1")).isEqualTo(2);
    assertThat(errorLine()).isEqualTo("bench: -w must be a whole number (got 'many')");
  }

  @Test
  void everyDriverOptionFitsBesideTheWorkloadOptions() {
    CommandLine run = BenchCommand.commandLine().getSubcommands().get("run");

    assertThat(run.getSubcommands()).containsKeys("loopback", "amqp091", "amqp10", "rocketmq");
  }
}
