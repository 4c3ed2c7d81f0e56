package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.report.JsonResult;
import io.brokerbench.result.RunResult;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs the fat jar as a user would and stops it the way Ctrl-C does (SIGINT). */
class InterruptIT {
  private static void interrupt(Process process) throws Exception {
    new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor();
  }

  @Test
  void aSignalEndsTheRunWithTheResultsSoFarPrintedAndWritten(@TempDir Path dir) throws Exception {
    Path jar = Path.of("target", "bench-cli.jar");
    Process process =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                jar.toString(),
                "run",
                "loopback",
                "-r",
                "2000",
                "-z",
                "60s",
                "-o",
                dir.toString())
            .redirectErrorStream(true)
            .start();
    StringBuilder output = new StringBuilder();
    try (BufferedReader reader =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      int intervals = 0;
      while ((line = reader.readLine()) != null) {
        output.append(line).append('\n');
        if (line.matches("^ +[0-9]+\\.[0-9] +[0-9].*") && ++intervals == 2) {
          interrupt(process);
        }
      }
    }
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();

    assertThat(output).contains("== brokerbench summary (interrupted) ==");
    RunResult result = JsonResult.read(dir.resolve(OutputOptions.JSON));
    assertThat(result.status()).isEqualTo("interrupted");
    assertThat(result.totals().counts().sent()).isBetween(2_000L, 20_000L);
    assertThat(result.integrity().lost()).isZero();
  }
}
