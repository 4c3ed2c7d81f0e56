package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.report.JsonResult;
import io.brokerbench.report.RunDirectory;
import io.brokerbench.result.RunResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the fat jar as a user would and stops it the way Ctrl-C (SIGINT) or a service manager
 * (SIGTERM) does.
 */
class InterruptIT {
  /** The output and exit code of a run signalled once, and when the signal went. */
  private record Signalled(String output, int exitCode, long signalledNanos) {}

  /**
   * Runs {@code bench args}, sends {@code signal} once the {@code n}th line matching {@code cue} is
   * printed, and reads the output to its end.
   */
  private static Signalled signalAfter(String signal, String cue, int n, String... args)
      throws Exception {
    BenchProcess bench = BenchProcess.start(args);
    bench.awaitLine(cue, n, Duration.ofSeconds(60));
    bench.signal(signal);
    long signalled = System.nanoTime();
    int exitCode = bench.waitFor(Duration.ofSeconds(30));
    return new Signalled(bench.out() + bench.err(), exitCode, signalled);
  }

  @Test
  void aSignalEndsTheRunWithTheResultsSoFarPrintedAndWritten(@TempDir Path dir) throws Exception {
    Signalled run =
        signalAfter(
            "INT",
            "^ +[0-9]+\\.[0-9] +[0-9].*",
            2,
            "run",
            "loopback",
            "-r",
            "2000",
            "-z",
            "60s",
            "--warmup",
            "0",
            "-o",
            dir.toString());

    assertThat(run.output()).contains("== brokerbench summary (interrupted) ==");
    assertThat(run.exitCode()).as(run.output()).isEqualTo(130);
    RunResult result = JsonResult.read(dir.resolve(RunDirectory.RESULT));
    assertThat(result.ending().status()).isEqualTo("interrupted");
    // Ended by the signal, before the schedule's 120,000 sends; how many left is the machine's.
    assertThat(result.figures().totals().counts().sent()).isPositive().isLessThan(120_000L);
    assertThat(result.figures().integrity().lost()).isZero();
  }

  /**
   * SIGTERM while idle connections are still opening (on the embedded broker, at 20 a second): the
   * summary of those opened so far comes out, and the result, well within the signal's grace.
   */
  @Test
  void aSignalWhileConnectionsOpenPrintsAndWritesTheConnectionsSoFar(@TempDir Path dir)
      throws Exception {
    Signalled run =
        signalAfter(
            "TERM",
            "^idle connections: .* open \\(.*",
            3,
            "run",
            "amqp091",
            "-x",
            "0",
            "-y",
            "0",
            "--connections",
            "500",
            "--connection-rate",
            "20",
            "-z",
            "60s",
            "-o",
            dir.toString());

    assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - run.signalledNanos()))
        .isLessThan(15);
    assertThat(run.output())
        .contains("== brokerbench summary (interrupted) ==")
        .containsPattern("idle connections: [0-9]+ of 500 opened");
    // The signal's exit code (128 + 15), as documented, whichever of the run and the JVM's
    // shutdown ends first.
    assertThat(run.exitCode()).as(run.output()).isEqualTo(143);
    RunResult result = JsonResult.read(dir.resolve(RunDirectory.RESULT));
    assertThat(result.ending().status()).isEqualTo("interrupted");
    assertThat(result.extras().connections().opened()).isBetween(20L, 499L);
    assertThat(result.extras().connections().failed()).isZero();
  }
}
