package io.brokerbench.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The exit codes the run goals keep for the verify goal, read back and told. */
class RunOutcomeTest {
  @TempDir Path dir;

  @Test
  void eachRunsOutcomeIsReadBackInNameOrderAndToldWithItsMeaning() throws IOException {
    new RunOutcome(Files.createDirectories(dir.resolve("b-orders")), 4).write();
    new RunOutcome(Files.createDirectories(dir.resolve("a-smoke")), 0).write();
    Files.createDirectories(dir.resolve("c-no-outcome"));

    assertThat(RunOutcome.readAll(dir)).extracting(RunOutcome::exitCode).containsExactly(0, 4);
    RunOutcome failed = RunOutcome.readAll(dir).get(1);
    assertThat(failed.passed()).isFalse();
    assertThat(failed.describe())
        .isEqualTo(
            "b-orders: a threshold does not hold (exit 4), results in " + dir.resolve("b-orders"));
    assertThat(RunOutcome.readAll(dir.resolve("absent"))).isEmpty();
  }

  @Test
  void aDamagedOutcomeFileIsAnErrorNamingIt() throws IOException {
    Path run = Files.createDirectories(dir.resolve("run"));
    Files.writeString(run.resolve(RunOutcome.FILE), "four\n");

    assertThatThrownBy(() -> RunOutcome.readAll(dir))
        .isInstanceOf(IOException.class)
        .hasMessage(run.resolve(RunOutcome.FILE) + " holds 'four', not an exit code");
  }
}
