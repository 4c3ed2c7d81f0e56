package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.workload.Workload;
import io.brokerbench.workload.WorkloadException;
import io.brokerbench.workload.WorkloadOption;
import io.brokerbench.workload.WorkloadSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** The command line and a map of option names to texts (a scenario file) mean the same. */
class WorkloadOptionsTest {

  static Stream<Arguments> sameValues() {
    return Stream.of(
        Arguments.of("--count 10k -x 3", Map.of("count", "10k", "producers", "3")),
        Arguments.of(
            "-qp q-%d -qpf 1 -qpt 3 -C 10",
            Map.of(
                "queue-pattern", "q-%d",
                "queue-pattern-from", "1",
                "queue-pattern-to", "3",
                "pmessages", "10")),
        Arguments.of("-s 64KiB", Map.of("size", "64KiB")),
        Arguments.of("--body-size 1k", Map.of("size", "1k")),
        Arguments.of("-z 1.5s", Map.of("duration", "1.5s")),
        Arguments.of(
            "--rate-steps 100,200 --step-duration 2s",
            Map.of("rate-steps", "100,200", "step-duration", "2s")),
        Arguments.of("--rate-steps 100 --rate-steps 200", Map.of("rate-steps", "100,200")),
        Arguments.of("-r 10k -c 192 -q 200 -A 50", rateAndAcks()),
        Arguments.of(
            "-a -y 2 -D 1m", Map.of("autoack", "true", "consumers", "2", "cmessages", "1m")),
        Arguments.of(
            "-f persistent -f mandatory --durable",
            Map.of("flag", "persistent,mandatory", "durable", "true")),
        Arguments.of(
            "--catch-up skip -i 2s --warmup 500ms --drain-timeout 1m --timeout 30 -u orders",
            Map.of(
                "catch-up", "skip",
                "interval", "2s",
                "warmup", "500ms",
                "drain-timeout", "1m",
                "timeout", "30",
                "queue", "orders")));
  }

  private static Map<String, String> rateAndAcks() {
    Map<String, String> texts = new LinkedHashMap<>();
    texts.put("rate", "10k");
    texts.put("in-flight", "192");
    texts.put("prefetch", "200");
    texts.put("multi-ack-every", "50");
    return texts;
  }

  @ParameterizedTest
  @MethodSource("sameValues")
  void theCommandLineAndAMapGiveTheSameWorkload(String args, Map<String, String> texts) {
    WorkloadSpec fromCli = parse(args.split(" "));
    WorkloadSpec fromMap = WorkloadSpec.of(texts);

    assertThat(fromCli).isEqualTo(fromMap);
    // Each workload that names no queue draws one of its own: the rest must be the same.
    assertThat(fromCli.toWorkload())
        .usingRecursiveComparison()
        .ignoringFields(fromCli.namesQueue() ? new String[0] : new String[] {"destinations"})
        .isEqualTo(fromMap.toWorkload());
  }

  static Stream<Arguments> sameMistakes() {
    return Stream.of(
        Arguments.of("-s 1kk", Map.of("size", "1kk")),
        Arguments.of("--count lots", Map.of("count", "lots")),
        Arguments.of("-z soon", Map.of("duration", "soon")),
        Arguments.of("-r fast", Map.of("rate", "fast")),
        Arguments.of("-x many", Map.of("producers", "many")),
        Arguments.of("--catch-up later", Map.of("catch-up", "later")),
        Arguments.of("--rate-steps 100,x", Map.of("rate-steps", "100,x")),
        Arguments.of("-qpt 3", Map.of("queue-pattern-to", "3")),
        Arguments.of("-qp q-%d", Map.of("queue-pattern", "q-%d")),
        Arguments.of("-r -5", Map.of("rate", "-5")),
        Arguments.of("--count 10 -x 0", Map.of("count", "10", "producers", "0")));
  }

  @ParameterizedTest
  @MethodSource("sameMistakes")
  void theCommandLineAndAMapGiveTheSameError(String args, Map<String, String> texts) {
    String expected = mapError(texts);

    BenchCli cli = new BenchCli();
    List<String> words = new ArrayList<>(List.of("run", "loopback"));
    words.addAll(List.of(args.split(" ")));

    assertThat(cli.run(words.toArray(new String[0]))).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.errorLine()).isEqualTo("bench: " + expected);
  }

  private static String mapError(Map<String, String> texts) {
    try {
      WorkloadSpec.of(texts).toWorkload();
    } catch (WorkloadException e) {
      return e.getMessage();
    }
    throw new AssertionError("no error for " + texts);
  }

  @Test
  void everyWorkloadOptionIsOnTheCommandLineByItsNamesAndNothingElse() {
    CommandLine loopback =
        BenchCommand.commandLine().getSubcommands().get("run").getSubcommands().get("loopback");
    Set<String> cliNames = new HashSet<>();
    for (OptionSpec option : loopback.getCommandSpec().mixins().get("workloadOptions").options()) {
      for (String name : option.names()) {
        if (name.startsWith("--")) {
          cliNames.add(name.substring(2));
        }
      }
    }
    Set<String> specNames = new HashSet<>();
    for (WorkloadOption<?> option : WorkloadOption.all()) {
      specNames.add(option.name());
      specNames.addAll(option.aliases());
    }

    assertThat(cliNames).isEqualTo(specNames);
  }

  @Test
  void theDocsOptionTableHasARowPerWorkloadOptionWithItsNamesAndDefault() throws Exception {
    String page = Files.readString(Path.of("../docs/usage.md"));
    int start = page.indexOf("| option | meaning | default |");
    assertThat(start).as("the workload options' table in docs/usage.md").isNotNegative();
    Map<List<String>, String> defaultsByNames = new LinkedHashMap<>();
    for (String row : page.substring(start).split("\n")) {
      if (!row.startsWith("|")) {
        break;
      }
      String[] cells = row.split("(?<!\\\\)\\|");
      List<String> names = new ArrayList<>();
      for (String word : cells[1].replace("`", "").split("[\\s,]+")) {
        if (word.matches("-{1,2}[a-zA-Z][a-zA-Z0-9-]*")) {
          names.add(word);
        }
      }
      defaultsByNames.put(names, cells[cells.length - 1].replace("`", "").strip());
    }

    for (WorkloadOption<?> option : WorkloadOption.all()) {
      assertThat(defaultsByNames)
          .as("a row for %s, its names as the command line has them", option.name())
          .containsKey(option.commandLineNames());
      if (option.shownDefault() != null) {
        assertThat(defaultsByNames.get(option.commandLineNames()))
            .as("the default of %s", option.name())
            .isEqualTo(option.shownDefault());
      }
    }
    // The header row, and one row per option.
    assertThat(defaultsByNames).hasSize(WorkloadOption.all().size() + 1);
  }

  @Test
  void optionsNotGivenAreNotSet() {
    assertThat(parse()).isEqualTo(WorkloadSpec.empty());
    assertThat(parse().toWorkload())
        .usingRecursiveComparison()
        .ignoringFields("destinations")
        .isEqualTo(Workload.builder().build());
  }

  @Test
  void theRocketMqToolsAliasesSetTheSpecByName() {
    CommandLine commandLine = BenchCommand.commandLine();
    CommandLine rocketmq = commandLine.getSubcommands().get("run").getSubcommands().get("rocketmq");
    commandLine.parseArgs("run", "rocketmq", "-t", "T", "-w", "16", "-n", "x:1");

    assertThat(rocketmq.<DriverRunCommand>getCommand().workloadSpec())
        .isEqualTo(WorkloadSpec.of(Map.of("queue", "T", "in-flight", "16")));
  }

  @Test
  void aCommandLineSpecLiesOverAFileSpec() {
    WorkloadSpec file = WorkloadSpec.of(Map.of("producers", "4", "duration", "30s"));

    Workload workload = file.overriddenBy(parse("--count", "100k")).toWorkload();

    assertThat(workload.messagesPerProducer()).isEqualTo(25_000);
    assertThat(workload.duration()).hasSeconds(30);
  }

  @Test
  void aBadValueFromAMapNamesTheOption() {
    assertThatThrownBy(() -> WorkloadSpec.of(Map.of("size", "1kk")))
        .hasMessageStartingWith("size: '1kk' is not a size: ");
  }

  private static WorkloadSpec parse(String... args) {
    CommandLine commandLine = BenchCommand.commandLine();
    CommandLine loopback = commandLine.getSubcommands().get("run").getSubcommands().get("loopback");
    List<String> words = new ArrayList<>(List.of("run", "loopback"));
    words.addAll(List.of(args));
    commandLine.parseArgs(words.toArray(new String[0]));
    return loopback.<DriverRunCommand>getCommand().workloadSpec();
  }
}
