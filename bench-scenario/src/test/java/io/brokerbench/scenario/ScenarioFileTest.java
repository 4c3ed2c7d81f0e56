package io.brokerbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.workload.Workload;
import io.brokerbench.workload.WorkloadOption;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioFileTest {
  @TempDir Path dir;

  private Path file(String... lines) throws IOException {
    Path file = dir.resolve("s.yaml");
    Files.writeString(file, String.join("\n", lines) + "\n");
    return file;
  }

  private String error(String... lines) throws IOException {
    Path file = file(lines);
    Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> Scenario.load(file));
    assertThat(thrown).isInstanceOf(ScenarioException.class);
    assertThat(thrown.getMessage()).doesNotContain("\n");
    return thrown.getMessage().replace(file.toString(), "FILE");
  }

  @Test
  void theCellOfAScenarioWithoutAxesIsCalledByWhatItRuns() throws IOException {
    Scenario scenario =
        Scenario.load(file("name: plain", "driver: loopback", "workload: {count: 1000}"));

    List<Cell> cells = scenario.cells();

    assertThat(cells).extracting(Cell::id).containsExactly("000");
    assertThat(cells.get(0).axesText()).isEqualTo("the scenario's workload (no axes)");
  }

  @Test
  void aSetUpIsNamedBeforeItIsUsedAndItsOptionsAreTheDriversOwn() throws IOException {
    assertThat(
            error(
                "name: s",
                "driver: loopback",
                "setups: {a: {start: 'true'}}",
                "axes: [{name: setup, values: [a, b]}]"))
        .isEqualTo("FILE:4: values: no set-up named 'b': the set-ups are a");
    assertThat(error("name: s", "driver: loopback", "setup: a"))
        .isEqualTo(
            "FILE:3: setup: no set-up named 'a': name it under setups: with its start and stop"
                + " commands and options");
    assertThat(error("name: s", "driver: loopback", "setups:", "  a: {begin: 'true'}"))
        .startsWith("FILE:4: begin: unknown key in a: use one of start, stop, start-timeout,");
    assertThat(
            error(
                "name: s",
                "driver: loopback",
                "setup: a",
                "setups:",
                "  a:",
                "    options: {uri: 'amqp://127.0.0.1:5684'}"))
        .startsWith("FILE:6: uri: unknown option 'uri' for driver loopback");
    assertThat(error("name: s", "driver: loopback", "setups:", "  a: {start-timeout: soon}"))
        .startsWith("FILE:4: start-timeout: ");
  }

  @Test
  void aFileNamesTheLatencyItsReportLeadsWith() throws IOException {
    Scenario named = Scenario.load(file("name: s", "driver: loopback", "latency: s2c"));
    Scenario unnamed = Scenario.load(file("name: s", "driver: loopback"));

    assertThat(named.latency()).isEqualTo("s2c");
    assertThat(named.asShort().latency()).isEqualTo("s2c");
    assertThat(unnamed.latency()).isNull();
    assertThat(error("name: s", "driver: loopback", "latency: p99"))
        .isEqualTo(
            "FILE:3: latency: 'p99' is not a latency the report can lead with; use one of e2e,"
                + " confirm, rtt, s2c, connect");
  }

  @Test
  void aFileNamesTheBoundItsReportGivesTheShareUnder() throws IOException {
    Scenario bounded =
        Scenario.load(file("name: s", "driver: loopback", "latency: rtt", "latency-bound: 20ms"));

    assertThat(bounded.latencyBound()).isEqualTo(Duration.ofMillis(20));
    assertThat(bounded.asShort().latencyBound()).isEqualTo(Duration.ofMillis(20));
    assertThat(Scenario.load(file("name: s", "driver: loopback")).latencyBound()).isNull();
    assertThat(error("name: s", "driver: loopback", "latency-bound: 0s"))
        .isEqualTo("FILE:3: latency-bound: give a positive duration, such as 20ms");
    assertThat(error("name: s", "driver: loopback", "latency-bound: soon")).startsWith("FILE:3: ");
  }

  @Test
  void axesExpandToTheirProductWithRepetitionsInnermost() throws IOException {
    Scenario scenario =
        Scenario.load(
            file(
                "name: sizes",
                "driver: loopback",
                "options: {inline: true}",
                "workload: {producers: 2, count: 1000}",
                "axes:",
                "  - name: size",
                "    values: [12, 1KiB]",
                "  - name: queue-capacity",
                "    values: [128, 1024]",
                "repetitions: 2"));

    List<Cell> cells = scenario.cells();

    assertThat(cells).hasSize(8);
    assertThat(cells)
        .extracting(Cell::id)
        .startsWith(
            "000-size=12-queue-capacity=128-rep=0",
            "001-size=12-queue-capacity=128-rep=1",
            "002-size=12-queue-capacity=1024-rep=0")
        .endsWith("007-size=1KiB-queue-capacity=1024-rep=1");
    Cell last = cells.get(7);
    assertThat(last.axes())
        .containsExactly(Map.entry("size", "1KiB"), Map.entry("queue-capacity", "1024"));
    assertThat(last.dir()).isEqualTo("cells/007-size=1KiB-queue-capacity=1024-rep=1");
    assertThat(last.driverOptions())
        .containsExactly(Map.entry("inline", "true"), Map.entry("queue-capacity", "1024"));
    Workload workload = last.workload().toWorkload();
    assertThat(workload.messageBytes()).isEqualTo(1024);
    assertThat(workload.messagesPerProducer()).isEqualTo(500);
  }

  @Test
  void excludedCombinationsAreNotRunAndTheRestKeepTheirOrder() throws IOException {
    Scenario scenario =
        Scenario.load(
            file(
                "name: pairs",
                "driver: loopback",
                "workload: {count: 1000}",
                "axes:",
                "  - {name: size, values: [12, 1KiB, 4KiB]}",
                "  - name: queue-capacity",
                "    values: [{value: 128, label: small}, {value: 1024, label: large}]",
                "exclude:",
                "  - {size: 12, queue-capacity: large}",
                "  - {size: 4KiB}"));

    assertThat(scenario.cells())
        .extracting(Cell::id)
        .containsExactly(
            "000-size=12-queue-capacity=small",
            "001-size=1KiB-queue-capacity=small",
            "002-size=1KiB-queue-capacity=large");
  }

  @Test
  void anExclusionNamesAxesAndLabelsOfTheFile() throws IOException {
    String[] head = {"name: x", "driver: loopback", "axes: [{name: size, values: [12, 1KiB]}]"};
    assertThat(error(with(head, "exclude: [{sizes: 12}]")))
        .isEqualTo("FILE:4: sizes: no axis named 'sizes': the axes are size");
    assertThat(error(with(head, "exclude: [{size: 13}]")))
        .isEqualTo("FILE:4: size: axis size has no value '13': its values are 12, 1KiB");
    assertThat(error(with(head, "exclude: [{size: 12}, {size: 1KiB}]")))
        .isEqualTo("FILE:4: exclude: the exclusions leave no cell to run");
  }

  private static String[] with(String[] lines, String last) {
    String[] longer = java.util.Arrays.copyOf(lines, lines.length + 1);
    longer[lines.length] = last;
    return longer;
  }

  @Test
  void eachCellGetsItsOwnQueueUnlessFreshQueuesIsFalse() throws IOException {
    String[] lines = {
      "name: q",
      "driver: loopback",
      "workload: {queue: orders}",
      "axes: [{name: size, values: [1, 2]}]"
    };
    assertThat(Scenario.load(file(lines)).cells())
        .extracting(c -> c.workload().valueOrDefault(WorkloadOption.QUEUE))
        .containsExactly("orders-c000", "orders-c001");

    String[] kept = java.util.Arrays.copyOf(lines, lines.length + 1);
    kept[lines.length] = "fresh-queues: false";
    assertThat(Scenario.load(file(kept)).cells())
        .extracting(c -> c.workload().valueOrDefault(WorkloadOption.QUEUE))
        .containsExactly("orders", "orders");
  }

  @Test
  void aCellThatNamesNoQueueGetsTheRunsOwnWithItsNumber() throws IOException {
    String[] lines = {"name: q", "driver: loopback", "axes: [{name: size, values: [1, 2]}]"};
    assertThat(Scenario.load(file(lines)).cells("k3x09q"))
        .extracting(c -> c.workload().valueOrDefault(WorkloadOption.QUEUE))
        .containsExactly("brokerbench-k3x09q-c000", "brokerbench-k3x09q-c001");
    assertThat(Scenario.load(file(lines)).cells())
        .allSatisfy(c -> assertThat(c.workload().namesQueue()).isFalse());

    String[] kept = java.util.Arrays.copyOf(lines, lines.length + 1);
    kept[lines.length] = "fresh-queues: false";
    assertThat(Scenario.load(file(kept)).cells("k3x09q"))
        .extracting(c -> c.workload().valueOrDefault(WorkloadOption.QUEUE))
        .containsExactly("brokerbench-k3x09q", "brokerbench-k3x09q");
  }

  @Test
  void aDriverAxisValueCarriesItsOwnOptionsAndWorkload() throws IOException {
    Scenario scenario =
        Scenario.load(
            file(
                "name: clients",
                "driver: loopback",
                "options: {inline: true}",
                "workload: {count: 1M, size: 12}",
                "axes:",
                "  - name: driver",
                "    values:",
                "      - value: loopback2",
                "        label: second-credit200",
                "        options: {url: '//127.0.0.1:5672/q'}",
                "        workload: {credit: 200}",
                "      - value: loopback",
                "        label: loopback-confirm192",
                "        workload: {confirm: 192, qos: 200}"));

    List<Cell> cells = scenario.cells();

    assertThat(cells).extracting(Cell::driver).containsExactly("loopback2", "loopback");
    assertThat(cells.get(0).id()).isEqualTo("000-driver=second-credit200");
    assertThat(cells.get(0).driverOptions())
        .containsExactly(Map.entry("url", "//127.0.0.1:5672/q"));
    assertThat(cells.get(0).workload().toWorkload().prefetch()).isEqualTo(200);
    assertThat(cells.get(1).driverOptions()).containsExactly(Map.entry("inline", "true"));
    assertThat(cells.get(1).workload().toWorkload().inFlightWindow()).isEqualTo(192);
  }

  @Test
  void anAxisOfLabelledSettingsVariesSeveralOptionsTogether() throws IOException {
    Scenario scenario =
        Scenario.load(
            file(
                "name: layouts",
                "driver: loopback",
                "axes:",
                "  - name: layout",
                "    values:",
                "      - label: one-queue",
                "        workload: {producers: 10, consumers: 10}",
                "      - label: ten-queues",
                "        workload: {producers: 10, queue-pattern: 'q-%d', queue-pattern-to: 10}"));

    List<Cell> cells = scenario.cells();

    assertThat(cells)
        .extracting(Cell::id)
        .containsExactly("000-layout=one-queue", "001-layout=ten-queues");
    assertThat(cells.get(1).workload().toWorkload().destinations().names())
        .hasSize(10)
        .contains("q-1-c001", "q-10-c001");
    assertThat(
            error(
                "name: x",
                "driver: loopback",
                "axes: [{name: layout, values: [{label: a}, {value: b}]}]"))
        .isEqualTo(
            "FILE:3: label: give every value of axis layout a value, or none (an axis of labelled settings)");
  }

  @Test
  void theShortVariantCapsLengthsAndKeepsTheRest() throws IOException {
    Scenario scenario =
        Scenario.load(
            file(
                "name: long",
                "driver: loopback",
                "workload: {size: 4000, warmup: 30s, producers: 10}",
                "duration: 60s",
                "axes: [{name: rate-steps, values: ['1000,2000']}, {name: producers, values: [1]}]"));

    Cell cell = scenario.asShort().cells().get(0);

    Workload workload = cell.workload().toWorkload();
    assertThat(workload.duration()).isEqualTo(Duration.ofSeconds(3));
    assertThat(workload.warmup()).isEqualTo(Duration.ofSeconds(1));
    assertThat(workload.messageBytes()).isEqualTo(4000);
    assertThat(cell.workload().valueOrDefault(WorkloadOption.STEP_DURATION))
        .isEqualTo(Duration.ofSeconds(2));
  }

  @Test
  void shortAxisValuesRunAndLabelTheShortCells() throws IOException {
    Scenario scenario =
        Scenario.load(
            file(
                "name: rpc",
                "driver: loopback",
                "duration: 30s",
                "axes:",
                "  - {name: size, values: [500, 1024]}",
                "  - {name: rate, values: [30000, 60000]}",
                "exclude: [{size: 1024, rate: 60000}]",
                "short: {duration: 2s, axes: {rate: [1000, 2000]}}"));

    List<Cell> full = scenario.cells();
    List<Cell> cells = scenario.asShort().cells();

    assertThat(full).extracting(Cell::id).contains("000-size=500-rate=30000");
    assertThat(cells)
        .extracting(Cell::id)
        .containsExactly(
            "000-size=500-rate=1000", "001-size=500-rate=2000", "002-size=1024-rate=1000");
    assertThat(cells)
        .extracting(c -> c.workload().toWorkload().rate().steps().get(0).messagesPerSecond())
        .containsExactly(1000.0, 2000.0, 1000.0);
    assertThat(cells.get(0).workload().toWorkload().duration()).isEqualTo(Duration.ofSeconds(2));
  }

  @Test
  void aShortSettingOfWhatAnAxisVariesIsAnError() throws IOException {
    assertThat(
            error(
                "name: rpc",
                "driver: loopback",
                "axes: [{name: rate, values: [30000, 60000]}]",
                "short:",
                "  rate: 2000"))
        .isEqualTo(
            "FILE:5: rate: sets what axis rate varies: every short cell would run 2000 under the"
                + " axis's labels; give the axis short values instead (short: {axes: {rate: [..]}})");
    assertThat(
            error(
                "name: rpc",
                "driver: loopback",
                "axes: [{name: rate, values: [30000, 60000]}]",
                "short: {axes: {rate: [1000]}}"))
        .endsWith("give axis rate 2 different short values, one for each of 30000, 60000");
    assertThat(
            error(
                "name: rpc",
                "driver: loopback",
                "axes: [{name: rate, values: [30000, 60000]}]",
                "short: {axes: {rates: [1000, 2000]}}"))
        .endsWith("no axis named 'rates': the axes are rate");
  }

  @Test
  void anUnknownKeyNamesFileLineAndKey() throws IOException {
    assertThat(error("name: x", "driver: loopback", "workloads: {size: 1}"))
        .startsWith("FILE:3: workloads: unknown key: use one of name, description, driver,");
  }

  @Test
  void aWrongTypeNamesItsLine() throws IOException {
    assertThat(error("name: x", "driver: loopback", "axes:", "  name: size"))
        .isEqualTo("FILE:4: axes: expected a list, found a map");
    assertThat(error("name: x", "driver: loopback", "repetitions: many"))
        .isEqualTo("FILE:3: repetitions: 'many' is not a whole number of 1 or more");
  }

  @Test
  void aBadWorkloadValueNamesItsLineAndTheWorkloadsOwnMessage() throws IOException {
    assertThat(
            error(
                "name: x", "driver: loopback", "workload:", "  producers: 2", "  size: 12 parsecs"))
        .startsWith("FILE:5: size: '12 parsecs'");
    assertThat(
            error(
                "name: x",
                "driver: loopback",
                "axes:",
                "  - name: rate",
                "    values: [1000, fast]"))
        .startsWith("FILE:5: values: rate: 'fast'");
  }

  @Test
  void aCellTheWorkloadRejectsNamesTheAxisValue() throws IOException {
    assertThat(
            error(
                "name: x",
                "driver: loopback",
                "workload: {count: 100}",
                "axes:",
                "  - name: producers",
                "    values: [1, 0]"))
        .isEqualTo("FILE:6: values: cell 001-producers=0: --count needs at least one producer");
  }

  @Test
  void anOptionTheDriverDoesNotDeclareIsRejectedBeforeRunning() throws IOException {
    assertThat(error("name: x", "driver: loopback", "options:", "  uri: amqp://x"))
        .startsWith(
            "FILE:4: uri: unknown option 'uri' for driver loopback: its options are inline,");
    assertThat(error("name: x", "driver: loopback", "axes: [{name: queue-type, values: [quorum]}]"))
        .isEqualTo(
            "FILE:3: name: axis 'queue-type' is neither a workload option nor an option of driver"
                + " loopback (cell 000-queue-type=quorum)");
    assertThat(error("name: x", "driver: rabbit"))
        .startsWith("FILE:2: driver: unknown driver 'rabbit': available drivers are");
  }

  @Test
  void anOptionValueTheDriverRejectsNamesItsLineBeforeRunning() throws IOException {
    assertThat(
            error(
                "name: x",
                "driver: loopback",
                "axes:",
                "  - name: queue-capacity",
                "    values: [1024, 1000]"))
        .isEqualTo(
            "FILE:5: values: queue-capacity must be a power of two from 2 to 1073741824 (got"
                + " '1000')");
  }

  @Test
  void aThresholdThatCannotBeReadNamesItsLine() throws IOException {
    assertThat(error("name: x", "driver: loopback", "assert: ['e2e.p99 < 5 parsecs']"))
        .startsWith("FILE:3: assert: threshold 'e2e.p99 < 5 parsecs': '5 parsecs' is not a bound");
  }

  @Test
  void invalidYamlAndMissingKeysAreOneLine() throws IOException {
    assertThat(error("name: x", "driver: [loopback")).startsWith("FILE:3: yaml: not valid YAML:");
    assertThat(error("driver: loopback")).isEqualTo("FILE:1: name: missing");
    assertThat(error("name: x")).startsWith("FILE:1: driver: missing:");
    assertThat(error("name: x", "driver: loopback", "max-rate: {probes: 1}"))
        .isEqualTo("FILE:3: probes: must be at least 2");
  }

  @Test
  void assertionsAreKeptAsWritten() throws IOException {
    Scenario scenario =
        Scenario.load(
            file("name: x", "driver: loopback", "assert: ['e2e.p99 < 5ms', 'lost == 0']"));

    assertThat(scenario.assertions()).containsExactly("e2e.p99 < 5ms", "lost == 0");
  }
}
