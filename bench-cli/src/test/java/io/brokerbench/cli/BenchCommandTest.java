package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brokerbench.amqp091.Amqp091Config;
import io.brokerbench.rabbitmq.QueueType;
import io.brokerbench.report.JsonResult;
import io.brokerbench.report.RunDirectory;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.spi.AckMode;
import io.brokerbench.workload.Shard;
import io.brokerbench.workload.ShardLayout;
import io.brokerbench.workload.Workload;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class BenchCommandTest {
  private final BenchCli cli = new BenchCli();

  private static String[] words(String commandLine) {
    return commandLine.split(" ");
  }

  @Test
  void versionIsPrinted() {
    assertThat(cli.run("--version")).isZero();
    assertThat(cli.out()).startsWith("brokerbench ");
  }

  @Test
  void everyCommandsHelpIsFormattedWithoutAPicocliWarning() {
    // Picocli formats descriptions with String.format and warns on System.err about a lone '%'.
    PrintStream original = System.err;
    ByteArrayOutputStream warnings = new ByteArrayOutputStream();
    List<String> helped = new ArrayList<>();
    System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
    try {
      ArrayDeque<CommandLine> todo = new ArrayDeque<>();
      todo.add(BenchCommand.commandLine());
      while (!todo.isEmpty()) {
        CommandLine command = todo.remove();
        helped.add(command.getCommandSpec().qualifiedName());
        command.getUsageMessage();
        todo.addAll(command.getSubcommands().values());
      }
    } finally {
      System.setErr(original);
    }

    assertThat(helped).contains("bench compare", "bench max-rate loopback", "bench scenario run");
    assertThat(warnings.toString(StandardCharsets.UTF_8)).isEmpty();
  }

  @Test
  void noCommandIsAUsageErrorWithTheUsageOnStandardError() {
    assertThat(cli.run()).isEqualTo(2);
    assertThat(cli.out()).isEmpty();
    assertThat(cli.err()).startsWith("Usage: bench ").contains("Commands:");
  }

  @Test
  void driversAreListedByName() {
    assertThat(cli.run("drivers")).isZero();
    assertThat(cli.out()).contains("loopback ", "amqp091 ");
  }

  @Test
  void anUnknownOptionIsAUsageError() {
    assertThat(cli.run("run", "loopback", "--bogus")).isEqualTo(2);
    assertThat(cli.errorLine())
        .isEqualTo("bench: Unknown option: '--bogus' (see 'bench run loopback --help')");
  }

  @Test
  void aNegativeRateIsAUsageError() {
    assertThat(cli.run("run", "loopback", "-r", "-5")).isEqualTo(2);
    assertThat(cli.errorLine())
        .isEqualTo(
            "bench: rate must be > 0 msg/s (got -5.0); leave the rate out for an unlimited rate");
  }

  @Test
  void aRateThatIsNotANumberIsAUsageError() {
    assertThat(cli.run("run", "loopback", "-r", "fast")).isEqualTo(2);
    assertThat(cli.errorLine())
        .isEqualTo(
            "bench: rate: 'fast' is not a rate: use a number of msg/s, optionally with k or m"
                + " (10k), or unlimited");
  }

  @Test
  void aZeroSizeIsAUsageError() {
    assertThat(cli.run("run", "loopback", "-s", "0")).isEqualTo(2);
    assertThat(cli.errorLine()).startsWith("bench: message size must be between 1 and ");
  }

  @Test
  void aSizeBelowTheStampWithoutHeaderSupportIsAUsageError() {
    assertThat(cli.run("run", "noheader", "-s", "8", "-C", "10")).isEqualTo(2);
    assertThat(cli.errorLine())
        .isEqualTo(
            "bench: message size 8 B is below the 12-byte stamp and driver 'noheader' cannot carry"
                + " it in a header: use a size of at least 12");
  }

  @Test
  void anUnwritableOutputDirectoryIsAUsageError() {
    assertThat(cli.run("run", "loopback", "-C", "10", "-o", "/proc/brokerbench")).isEqualTo(2);
    assertThat(cli.errorLine())
        .startsWith("bench: cannot write results to /proc/brokerbench (")
        .endsWith("): choose a writable --output-dir");
  }

  @Test
  void anUnknownDriverNamesTheDriversAvailable() {
    assertThat(cli.run("run", "kafka")).isEqualTo(2);
    assertThat(cli.errorLine())
        .startsWith("bench: unknown driver 'kafka': available drivers are ")
        .contains("loopback");
  }

  @Test
  void aMissingDriverIsAUsageError() {
    assertThat(cli.run("run")).isEqualTo(2);
    assertThat(cli.errorLine()).startsWith("bench: missing driver: use one of ");
  }

  @Test
  void aBadDurationSaysWhatWouldDo() {
    assertThat(cli.run("run", "loopback", "-z", "soon")).isEqualTo(2);
    assertThat(cli.errorLine())
        .isEqualTo(
            "bench: duration: 'soon' is not a duration: use e.g. 30 (seconds), 500ms, 30s, 1.5s,"
                + " 2m, 1h or PT30S");
  }

  @Test
  void anUnsupportedFlagNamesTheSupportedOnes() {
    assertThat(cli.run("run", "loopback", "-f", "mandatory", "-C", "10")).isEqualTo(2);
    assertThat(cli.errorLine())
        .startsWith("bench: flag 'mandatory' is not supported by driver loopback: use persistent");
  }

  @Test
  void aBadDriverOptionValueIsAUsageError() {
    assertThat(cli.run("run", "loopback", "--queue-capacity", "lots")).isEqualTo(2);
    assertThat(cli.errorLine())
        .isEqualTo(
            "bench: queue-capacity must be a power of two from 2 to 1073741824: not a whole number"
                + " (got 'lots')");
  }

  @Test
  void aRunWithoutABrokerNamedSaysItTakesTheEmbeddedOne(@TempDir Path dir) {
    assumeTrue(
        System.getenv("BROKERBENCH_AMQP_URI") == null, "a broker is named in the environment");
    int code = cli.run("run", "amqp091", "-C", "100", "-o", dir.toString());

    assertThat(code).as(cli.err()).isZero();
    assertThat(cli.out())
        .startsWith(
            "broker: the amqp091 driver's embedded broker (no uri given; BROKERBENCH_AMQP_URI not"
                + " set)\n");
  }

  @Test
  void aRunNamingItsBrokerSaysNothingMoreAboutIt() {
    cli.run("run", "amqp091", "-h", "amqp://guest:s3cret@127.0.0.1:1", "-C", "10");

    assertThat(cli.out()).doesNotContain("broker: ");
  }

  @Test
  void anUnreachableBrokerIsARunFailureWithoutPasswordOrStackTrace() {
    int code = cli.run("run", "amqp091", "-h", "amqp://guest:s3cret@127.0.0.1:1", "-C", "10");

    assertThat(code).isEqualTo(1);
    assertThat(cli.errorLine()).startsWith("bench: run failed: ").contains("127.0.0.1:1");
    assertThat(cli.out() + cli.err()).doesNotContain("s3cret");
  }

  @Test
  void aFailedRunStillWritesItsResultWithTheErrorAndNoPassword(@TempDir Path dir) throws Exception {
    int code =
        cli.run(
            "run",
            "amqp091",
            "-h",
            "amqp://guest:s3cret@127.0.0.1:1",
            "-C",
            "10",
            "-o",
            dir.toString());

    assertThat(code).isEqualTo(1);
    Path json = dir.resolve(RunDirectory.RESULT);
    ResultSchema.assertValid(json);
    RunResult result = JsonResult.read(json);
    assertThat(result.ending().status()).isEqualTo(RunResult.FAILED);
    assertThat(cli.errorLine()).isEqualTo("bench: run failed: " + result.ending().error());
    assertThat(result.setup().commandLine())
        .isEqualTo("bench run amqp091 -h amqp://guest:****@127.0.0.1:1 -C 10 -o " + dir);
    assertThat(result.setup().driver().options())
        .containsEntry("uri", "amqp://guest:****@127.0.0.1:1");
    for (String file :
        new String[] {RunDirectory.RESULT, RunDirectory.INTERVALS, RunDirectory.HISTOGRAM_LOG}) {
      assertThat(Files.readString(dir.resolve(file))).doesNotContain("s3cret");
    }
  }

  @Test
  void aCompletedRunThatLostMessagesExitsWithTheLossCode(@TempDir Path dir) throws Exception {
    int code =
        cli.run(
            "run",
            "loopback",
            "--drop-every",
            "10",
            "-C",
            "1000",
            "-c",
            "10",
            "--drain-timeout",
            "200ms",
            "-o",
            dir.toString());

    assertThat(code).isEqualTo(ExitCodes.LOSS);
    assertThat(cli.out()).contains("\nLOSS: 100 message(s) accepted by the broker");
    assertThat(cli.errorLine()).isEqualTo("bench: 100 message(s) lost: exit 3");
    ResultSchema.assertValid(dir.resolve(RunDirectory.RESULT));
  }

  @Test
  void withoutConfirmsALossDoesNotClaimTheBrokerAcceptedTheMessages(@TempDir Path dir)
      throws Exception {
    int code =
        cli.run(
            "run",
            "loopback",
            "--drop-every",
            "10",
            "-C",
            "1000",
            "-c",
            "0",
            "--drain-timeout",
            "200ms",
            "-o",
            dir.toString());

    assertThat(code).isEqualTo(ExitCodes.LOSS);
    assertThat(cli.out())
        .contains(
            "\nLOSS: 100 message(s) sent were never received (confirms off: whether the broker"
                + " accepted them is not known)")
        .doesNotContain("accepted by the broker");
  }

  @Test
  void aLoopbackRunPrintsTheSummaryAndWritesTheResultFiles(@TempDir Path dir) throws Exception {
    int code = cli.run("run", "loopback", "-C", "20k", "-c", "64", "-o", dir.toString());

    assertThat(code).isZero();
    assertThat(cli.out())
        .contains("== brokerbench summary (completed) ==")
        .contains("sent 20000 ")
        .contains("integrity: unique 20000, lost 0, duplicates 0");
    RunResult result = JsonResult.read(dir.resolve(RunDirectory.RESULT));
    assertThat(result.figures().totals().counts().received()).isEqualTo(20_000);
    assertThat(Files.readAllLines(dir.resolve(RunDirectory.INTERVALS))).hasSizeGreaterThan(1);
    assertThat(Files.size(dir.resolve(RunDirectory.HISTOGRAM_LOG))).isPositive();
    ResultSchema.assertValid(dir.resolve(RunDirectory.RESULT));
    assertThat(result.setup().commandLine()).isEqualTo("bench run loopback -C 20k -c 64 -o " + dir);
    assertThat(result.setup().driver().options()).containsEntry("queue-capacity", "65536");
  }

  @Test
  void twoRunsThatNameNoQueueEachUseOneOfTheirOwnKeptInTheResult(@TempDir Path dir)
      throws Exception {
    Path first = dir.resolve("first");
    Path second = dir.resolve("second");
    assertThat(cli.run("run", "loopback", "-C", "100", "-o", first.toString())).isZero();
    assertThat(cli.run("run", "loopback", "-C", "100", "-o", second.toString())).isZero();

    List<String> firstQueues =
        JsonResult.read(first.resolve(RunDirectory.RESULT)).setup().workload().destinations();
    List<String> secondQueues =
        JsonResult.read(second.resolve(RunDirectory.RESULT)).setup().workload().destinations();
    assertThat(firstQueues).singleElement().asString().matches("brokerbench-[0-9a-z]{6}");
    assertThat(secondQueues).singleElement().asString().matches("brokerbench-[0-9a-z]{6}");
    assertThat(firstQueues).isNotEqualTo(secondQueues);
  }

  @Test
  void aShardedRunThatNamesNoQueueIsAUsageError() {
    assertThat(cli.run("run", "loopback", "-x", "2", "-y", "2", "-C", "100", "--shard", "0/2"))
        .isEqualTo(2);
    assertThat(cli.errorLine())
        .isEqualTo(
            "bench: a sharded run needs its queue named, the same in every shard: give -u NAME"
                + " (or --queue-pattern)");
  }

  @Test
  void moreConnectionsThanTheProcessMayOpenFilesForIsAUsageErrorSayingHowToRaiseTheLimit(
      @TempDir Path dir) throws Exception {
    int code =
        cli.run(
            "run", "loopback", "-x", "0", "-y", "0", "--connections", "5m", "-o", dir.toString());

    assertThat(code).isEqualTo(2);
    assertThat(cli.errorLine())
        .startsWith("bench: --connections 5000000 needs as many open files, but this process may")
        .contains("(ulimit -n is ")
        .endsWith("or split the connections over several processes with --shard I/N");
    // Past option parsing: the result is written, failed.
    assertThat(JsonResult.read(dir.resolve(RunDirectory.RESULT)).ending().status())
        .isEqualTo(RunResult.FAILED);
  }

  @Test
  void aRunOfIdleConnectionsPrintsWhatTheyCost(@TempDir Path dir) throws Exception {
    int code =
        cli.run(
            "run",
            "loopback",
            "-x",
            "0",
            "-y",
            "0",
            "--connections",
            "20",
            "--connection-channels",
            "2",
            "-z",
            "1s",
            "-o",
            dir.toString());

    assertThat(code).isZero();
    assertThat(cli.out())
        .contains("idle connections: 20 of 20 opened with 2 channel(s) or session(s) each in")
        .contains("client memory: heap ")
        .contains("broker memory: not read (the driver cannot ask its broker)")
        .containsPattern("connection open from intended time +20 ");
    RunResult result = JsonResult.read(dir.resolve(RunDirectory.RESULT));
    assertThat(result.extras().connections().opened()).isEqualTo(20);
    assertThat(result.setup().workload().connections()).isEqualTo(20);
    assertThat(result.setup().workload().connectionChannels()).isEqualTo(2);
    ResultSchema.assertValid(dir.resolve(RunDirectory.RESULT));
  }

  @Test
  void familiarReportsArePrintedOnRequest() {
    int code = cli.run("run", "loopback", "-C", "5k", "--report", "quiver,perftest");

    assertThat(code).isZero();
    assertThat(cli.out())
        .contains("RESULTS")
        .contains("Latencies by percentile (from the intended send time):")
        .contains("id: ")
        .doesNotContain(" time(s)     sent/s");
  }

  @Test
  void anUnknownReportIsAUsageError() {
    assertThat(cli.run("run", "loopback", "-C", "5k", "--report", "fancy")).isEqualTo(2);
    assertThat(cli.errorLine())
        .isEqualTo("bench: unknown report 'fancy': use brokerbench, perftest, quiver, rocketmq");
  }

  @Test
  void theRocketMqToolsShortOptionsMeanTopicAndSendsInFlight() {
    CommandLine commandLine = BenchCommand.commandLine();
    CommandLine rocketmq = commandLine.getSubcommands().get("run").getSubcommands().get("rocketmq");
    commandLine.parseArgs("run", "rocketmq", "-t", "T", "-w", "16", "-s", "1024", "-n", "x:1");

    Workload workload = rocketmq.<DriverRunCommand>getCommand().workloadSpec().toWorkload();
    assertThat(workload.destinations().names()).containsExactly("T");
    assertThat(workload.producers()).isEqualTo(1);
    assertThat(workload.inFlightWindow()).isEqualTo(16);
    assertThat(workload.messageBytes()).isEqualTo(1024);
  }

  @Test
  void aPerfTestCommandLineWithQueuePatternAndIdMeansWhatItMeansToPerfTest() {
    CommandLine commandLine = BenchCommand.commandLine();
    CommandLine amqp091 = commandLine.getSubcommands().get("run").getSubcommands().get("amqp091");
    commandLine.parseArgs(
        words(
            "run amqp091 -h amqp://guest:guest@127.0.0.1:5672 -qp perf-test-%d -qpf 1 -qpt 2"
                + " -d my-id -x 2 -y 2 -p -e amq.default -f persistent -f mandatory -C 1000000"
                + " -s 12 -c 192 -q 200 -A 200 -ad false"));

    DriverRunCommand command = amqp091.getCommand();
    Workload workload = command.workloadSpec().toWorkload();
    assertThat(workload.destinations().names()).containsExactly("perf-test-1", "perf-test-2");
    ShardLayout layout = new ShardLayout(workload, Shard.whole(workload));
    assertThat(layout.name(layout.producerDestination(1))).isEqualTo("perf-test-2");
    assertThat(workload.producers()).isEqualTo(2);
    assertThat(workload.consumers()).isEqualTo(2);
    assertThat(workload.persistent()).isTrue();
    assertThat(workload.messagesPerProducer()).isEqualTo(1_000_000);
    assertThat(workload.messageBytes()).isEqualTo(12);
    assertThat(workload.inFlightWindow()).isEqualTo(192);
    assertThat(workload.prefetch()).isEqualTo(200);
    assertThat(workload.ackMode()).isEqualTo(AckMode.MULTIPLE);
    assertThat(workload.ackEvery()).isEqualTo(200);
    assertThat(command.output.testId).isEqualTo("my-id");
    assertThat(command.driverOptions())
        .containsEntry("uri", "amqp://guest:guest@127.0.0.1:5672")
        .containsEntry("predeclared", "true")
        .containsEntry("exchange", "amq.default")
        .containsEntry("mandatory", "true")
        .containsEntry("auto-delete", "false");
  }

  @Test
  void perfTestsStreamQueueFlagReachesTheDriverAsItsStreamQueueOption() {
    CommandLine commandLine = BenchCommand.commandLine();
    CommandLine amqp091 = commandLine.getSubcommands().get("run").getSubcommands().get("amqp091");
    commandLine.parseArgs(
        words("run amqp091 -h amqp://127.0.0.1:5672 -sq -qp s-%d -qpf 1 -qpt 3 -f persistent"));

    Amqp091Config config =
        Amqp091Config.parse(amqp091.<DriverRunCommand>getCommand().driverOptions());
    assertThat(config.queueType()).isEqualTo(QueueType.STREAM);
    assertThat(config.queueArguments())
        .containsEntry("x-max-length-bytes", 20_000_000_000L)
        .containsEntry("x-stream-max-segment-size-bytes", 500_000_000L);
    assertThat(config.streamPrefetch()).isEqualTo(200);
  }

  @Test
  void singleLetterOptionsStillTakeAttachedValuesBesideTheMultiLetterOnes() {
    CommandLine commandLine = BenchCommand.commandLine();
    CommandLine loopback = commandLine.getSubcommands().get("run").getSubcommands().get("loopback");
    commandLine.parseArgs("run", "loopback", "-x3", "-y", "1", "-q7", "-aC", "10", "-u", "q1");

    Workload workload = loopback.<DriverRunCommand>getCommand().workloadSpec().toWorkload();
    assertThat(workload.producers()).isEqualTo(3);
    assertThat(workload.consumers()).isEqualTo(1);
    assertThat(workload.prefetch()).isEqualTo(7);
    assertThat(workload.ackMode()).isEqualTo(AckMode.AUTO);
    assertThat(workload.messagesPerProducer()).isEqualTo(10);
    assertThat(workload.destinations().names()).containsExactly("q1");
  }

  @Test
  void theTestIdStartsThePerfTestSummaryLines() {
    int code =
        cli.run(
            words(
                "run loopback -qp bb-%d -qpf 1 -qpt 2 -x 2 -y 2 -C 1k -d my-id --report perftest"));

    assertThat(code).isZero();
    assertThat(cli.out())
        .contains("id: my-id, sending rate avg: ")
        .contains("id: my-id, receiving rate avg: ")
        .doesNotContain("id: brokerbench");
  }

  @Test
  void aQueuePatternWithoutItsEndIsAUsageError() {
    assertThat(cli.run("run", "loopback", "-qp", "bb-%d", "-qpf", "1", "-C", "10")).isEqualTo(2);
    assertThat(cli.errorLine())
        .isEqualTo("bench: --queue-pattern (-qp) needs --queue-pattern-to (-qpt), the last number");
  }

  @Test
  void aQueuePatternEndWithoutThePatternIsAUsageError() {
    assertThat(cli.run("run", "loopback", "-qpt", "3", "-C", "10")).isEqualTo(2);
    assertThat(cli.errorLine())
        .isEqualTo(
            "bench: --queue-pattern-to (-qpt) needs --queue-pattern (-qp), e.g. -qp perf-test-%d");
  }

  @Test
  void aBadSenderThreadCountIsAUsageError() {
    assertThat(cli.run("run", "rocketmq", "-w", "many", "-n", "127.0.0.1:1")).isEqualTo(2);
    assertThat(cli.errorLine())
        .isEqualTo(
            "bench: in-flight: 'many' is not a count: use a whole number >= 0, optionally with k"
                + " (thousand), m (million) or g (billion)");
  }

  @Test
  void eachCommandOfTheHelpIsOneLineWithinTheUsageWidth() {
    int width = BenchCommand.commandLine().getUsageHelpWidth();

    assertThat(cli.run("--help")).isZero();
    List<String> lines = cli.out().lines().toList();
    List<String> commands = lines.subList(lines.indexOf("Commands:") + 1, lines.size());
    // A description that wraps continues on an indented line, or starts on one.
    assertThat(commands)
        .allSatisfy(l -> assertThat(l).matches("  [a-z-]+ +\\S.*").hasSizeLessThanOrEqualTo(width));
  }

  @Test
  void theHelpListsEveryCommand() {
    Set<String> names = BenchCommand.commandLine().getSubcommands().keySet();

    assertThat(cli.run("--help")).isZero();
    List<String> lines = cli.out().lines().toList();
    assertThat(lines.subList(lines.indexOf("Commands:") + 1, lines.size()))
        .extracting(l -> l.strip().split(" ")[0])
        .containsExactlyInAnyOrderElementsOf(names);
  }

  @Test
  void aRunBuildsOnlyItsCommandAndItsDriver() {
    CommandLine commandLine = BenchCommand.commandLine(words("run loopback -C 1"));

    assertThat(commandLine.getSubcommands().keySet()).containsExactly("run");
    assertThat(commandLine.getSubcommands().get("run").getSubcommands().keySet())
        .containsExactly("loopback");
    assertThat(BenchCommand.commandLine(words("compare a b")).getSubcommands().keySet())
        .containsExactly("compare");
    assertThat(BenchCommand.commandLine(words("--version")).getSubcommands()).isEmpty();
  }

  @Test
  void argumentsThatNameNoCommandOrNoDriverGetTheWholeCommandLine() {
    Set<String> all = BenchCommand.commandLine().getSubcommands().keySet();
    Set<String> drivers =
        BenchCommand.commandLine().getSubcommands().get("run").getSubcommands().keySet();

    for (String args : List.of("--help", "help run loopback", "nosuch", "-V run")) {
      assertThat(BenchCommand.commandLine(words(args)).getSubcommands().keySet())
          .as(args)
          .containsExactlyElementsOf(all);
    }
    for (String args : List.of("run", "run nosuch", "run --help", "max-rate -C 1")) {
      CommandLine top = BenchCommand.commandLine(words(args));
      String command = args.split(" ")[0];
      assertThat(top.getSubcommands().get(command).getSubcommands().keySet())
          .as(args)
          .containsExactlyElementsOf(drivers);
    }
    assertThat(BenchCommand.commandLine(new String[0]).getSubcommands().keySet())
        .containsExactlyElementsOf(all);
  }

  @Test
  void theUsageBlockOfTheDocsNamesEveryCommand() throws Exception {
    String page = Files.readString(Path.of("../docs/usage.md"));
    int start = page.indexOf("## Usage\n\n```\n");
    assertThat(start).isNotNegative();
    String usage = page.substring(start, page.indexOf("```\n", start + 12));

    for (String name : BenchCommand.commandLine().getSubcommands().keySet()) {
      assertThat(usage).containsPattern("bench " + name + "\\s");
    }
  }

  @Test
  void runHelpPrintsTheRunUsageWithTheDrivers() {
    assertThat(cli.run("run", "--help")).isZero();
    assertThat(cli.out())
        .contains("Usage: bench run")
        .contains("loopback")
        .contains("amqp091")
        .contains("rocketmq");
    assertThat(cli.err()).isEmpty();
  }

  @Test
  void helpRunPrintsTheRunUsage() {
    assertThat(cli.run("help", "run")).isZero();
    assertThat(cli.out()).contains("Usage: bench run").contains("loopback");
    assertThat(cli.err()).isEmpty();
  }

  @Test
  void helpRunDriverPrintsTheDriversOptions() {
    assertThat(cli.run("help", "run", "amqp091")).isZero();
    assertThat(cli.out())
        .contains("Usage: bench run amqp091")
        .contains("--producers")
        .contains("--queue-type");
    assertThat(cli.err()).isEmpty();
  }

  @Test
  void helpOfAnUnknownDriverSaysWhatRunSays() {
    assertThat(cli.run("run", "kafka")).isEqualTo(2);
    String runError = cli.errorLine();

    assertThat(cli.run("help", "run", "kafka")).isEqualTo(2);
    assertThat(cli.errorLine())
        .isEqualTo(runError)
        .startsWith("bench: unknown driver 'kafka': available drivers are ")
        .contains("loopback");
  }

  @Test
  void helpOfAnUnknownCommandNamesTheCommands() {
    assertThat(cli.run("help", "nosuch")).isEqualTo(2);
    assertThat(cli.errorLine())
        .startsWith("bench: unknown command 'nosuch': use one of ")
        .contains("scenario");
  }

  @Test
  void theHelpShowsTheWorkloadOptionsDefaults() {
    assertThat(cli.run("run", "loopback", "--help")).isZero();
    assertThat(cli.out())
        .contains("(default: 1)")
        .contains("(default: brokerbench-<run")
        .contains("(default: unlimited)")
        .contains("64KiB");
  }

  @Test
  void sizesTakeDecimalAndBinaryUnits() {
    assertThat(cli.run("run", "loopback", "-s", "1k", "-C", "100")).isZero();
    assertThat(cli.run("run", "loopback", "-s", "64KiB", "-C", "100")).isZero();
  }

  @Test
  void everyDriverOptionFitsBesideTheWorkloadOptions() {
    CommandLine run = BenchCommand.commandLine().getSubcommands().get("run");

    assertThat(run.getSubcommands()).containsKeys("loopback", "amqp091", "amqp10", "rocketmq");
  }
}
