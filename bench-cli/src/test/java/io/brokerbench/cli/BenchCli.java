package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/**
 * The bench command run in the test's JVM as {@link Bench#main} builds it, keeping what the last
 * command line printed: the CLI tests' one harness.
 *
 * <pre>{@code
 * BenchCli cli = new BenchCli();
 * assertThat(cli.run("run", "loopback", "-C", "100")).isZero();
 * assertThat(cli.out()).contains("== brokerbench summary (completed) ==");
 * }</pre>
 */
final class BenchCli {
  private StringWriter out = new StringWriter();
  private StringWriter err = new StringWriter();

  /**
   * Runs a command line and returns its exit code; {@link #out()} and {@link #err()} hold what it
   * printed.
   */
  int run(String... args) {
    out = new StringWriter();
    err = new StringWriter();
    CommandLine commandLine = BenchCommand.commandLine(args);
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(err, true));
    return commandLine.execute(args);
  }

  /** What the last command line printed on standard output. */
  String out() {
    return out.toString();
  }

  /** What the last command line printed on standard error. */
  String err() {
    return err.toString();
  }

  /**
   * The one line the last command line printed on standard error: none, or a stack trace, fails.
   */
  String errorLine() {
    String text = err.toString();
    assertThat(text.lines()).as("one line on stderr, no stack trace: %s", text).hasSize(1);
    return text.strip();
  }
}
