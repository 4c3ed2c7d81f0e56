package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportCommandTest {
  private final BenchCli cli = new BenchCli();

  @TempDir Path dir;

  @Test
  void aRunsResultDirectoryBecomesAPage() throws Exception {
    Path run = dir.resolve("run");
    assertThat(cli.run("run", "loopback", "-C", "2000", "-o", run.toString())).isZero();
    Path html = dir.resolve("page.html");

    assertThat(cli.run("report", "-o", html.toString(), run.toString())).isZero();

    assertThat(cli.out()).endsWith("report written to " + html + System.lineSeparator());
    assertThat(cli.err()).isEmpty();
    assertThat(Files.readString(html))
        .startsWith("<!DOCTYPE html>")
        .contains("<title>brokerbench report: run</title>");
  }

  @Test
  void noInputIsAUsageError() {
    assertThat(cli.run("report")).isEqualTo(2);
    assertThat(cli.errorLine())
        .isEqualTo("bench: Missing required parameter: 'INPUT' (see 'bench report --help')");
  }

  @Test
  void aDirectoryWithoutResultIsAUsageError() {
    assertThat(cli.run("report", dir.toString())).isEqualTo(2);
    assertThat(cli.errorLine())
        .isEqualTo(
            "bench: "
                + dir
                + " is neither a result directory (with result.json) nor a scenario directory"
                + " (with scenario.json) (see 'bench report --help')");
  }

  @Test
  void aMissingInputIsAUsageError() {
    assertThat(cli.run("report", dir.resolve("nope").toString())).isEqualTo(2);
    assertThat(cli.errorLine()).startsWith("bench: " + dir.resolve("nope") + ": no such file");
  }

  @Test
  void aResultOfAnotherSchemaIsAUsageError() throws Exception {
    Path old =
        Files.writeString(dir.resolve("result.json"), "{\"schema\":\"brokerbench-result/1\"}");
    assertThat(cli.run("report", old.toString())).isEqualTo(2);
    assertThat(cli.errorLine())
        .startsWith("bench: " + old + " is not a brokerbench result of schema brokerbench-result/2")
        .contains("'brokerbench-result/1'");
  }

  @Test
  void aFileThatIsNotJsonIsAUsageError() throws Exception {
    Path garbage = Files.writeString(dir.resolve("result.json"), "{ not json");
    assertThat(cli.run("report", garbage.toString())).isEqualTo(2);
    assertThat(cli.errorLine()).startsWith("bench: " + garbage + " is not JSON: ");
  }

  @Test
  void anInputGivenRelativelyIsNamedAsGiven() throws Exception {
    Path run = Files.createDirectories(dir.resolve("run"));
    Files.writeString(run.resolve("result.json"), "{ not json");
    Path relative = Path.of("").toAbsolutePath().relativize(run);

    assertThat(cli.run("report", relative.toString())).isEqualTo(2);
    assertThat(cli.errorLine())
        .startsWith("bench: " + relative.resolve("result.json") + " is not JSON: ");
  }

  @Test
  void anUnwritableOutputIsAUsageError() throws Exception {
    Path run = dir.resolve("run");
    assertThat(cli.run("run", "loopback", "-C", "100", "-o", run.toString())).isZero();

    assertThat(cli.run("report", "-o", "/proc/brokerbench/report.html", run.toString()))
        .isEqualTo(2);
    assertThat(cli.errorLine())
        .startsWith("bench: cannot write the report to /proc/brokerbench/report.html (");
  }
}
