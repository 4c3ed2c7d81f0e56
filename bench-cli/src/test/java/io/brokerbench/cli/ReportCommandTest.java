package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ReportCommandTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  @TempDir Path dir;

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
  void aRunsResultDirectoryBecomesAPage() throws Exception {
    Path run = dir.resolve("run");
    assertThat(bench("run", "loopback", "-C", "2000", "-o", run.toString())).isZero();
    Path html = dir.resolve("page.html");

    assertThat(bench("report", "-o", html.toString(), run.toString())).isZero();

    assertThat(out.toString()).endsWith("report written to " + html + System.lineSeparator());
    assertThat(err.toString()).isEmpty();
    assertThat(Files.readString(html))
        .startsWith("<!DOCTYPE html>")
        .contains("<title>brokerbench report: run</title>");
  }

  @Test
  void noInputIsAUsageError() {
    assertThat(bench("report")).isEqualTo(2);
    assertThat(errorLine())
        .isEqualTo("bench: Missing required parameter: 'INPUT' (see 'bench report --help')");
  }

  @Test
  void aDirectoryWithoutResultIsAUsageError() {
    assertThat(bench("report", dir.toString())).isEqualTo(2);
    assertThat(errorLine())
        .isEqualTo(
            "bench: "
                + dir
                + " is neither a result directory (with result.json) nor a scenario directory"
                + " (with scenario.json) (see 'bench report --help')");
  }

  @Test
  void aMissingInputIsAUsageError() {
    assertThat(bench("report", dir.resolve("nope").toString())).isEqualTo(2);
    assertThat(errorLine()).startsWith("bench: " + dir.resolve("nope") + ": no such file");
  }

  @Test
  void aResultOfAnotherSchemaIsAUsageError() throws Exception {
    Path old =
        Files.writeString(dir.resolve("result.json"), "{\"schema\":\"brokerbench-result/1\"}");
    assertThat(bench("report", old.toString())).isEqualTo(2);
    assertThat(errorLine())
        .startsWith("bench: " + old + " is not a brokerbench result of schema brokerbench-result/2")
        .contains("'brokerbench-result/1'");
  }

  @Test
  void aFileThatIsNotJsonIsAUsageError() throws Exception {
    Path garbage = Files.writeString(dir.resolve("result.json"), "{ not json");
    assertThat(bench("report", garbage.toString())).isEqualTo(2);
    assertThat(errorLine()).startsWith("bench: " + garbage + " is not JSON: ");
  }

  @Test
  void anInputGivenRelativelyIsNamedAsGiven() throws Exception {
    Path run = Files.createDirectories(dir.resolve("run"));
    Files.writeString(run.resolve("result.json"), "{ not json");
    Path relative = Path.of("").toAbsolutePath().relativize(run);

    assertThat(bench("report", relative.toString())).isEqualTo(2);
    assertThat(errorLine())
        .startsWith("bench: " + relative.resolve("result.json") + " is not JSON: ");
  }

  @Test
  void anUnwritableOutputIsAUsageError() throws Exception {
    Path run = dir.resolve("run");
    assertThat(bench("run", "loopback", "-C", "100", "-o", run.toString())).isZero();
    err.getBuffer().setLength(0);

    assertThat(bench("report", "-o", "/proc/brokerbench/report.html", run.toString())).isEqualTo(2);
    assertThat(errorLine())
        .startsWith("bench: cannot write the report to /proc/brokerbench/report.html (");
  }
}
