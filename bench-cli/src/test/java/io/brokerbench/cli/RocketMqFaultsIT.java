package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.result.RunResult;
import io.brokerbench.result.Warning;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Faults injected into RocketMQ while the jar runs against it: a name server and broker in a JVM of
 * their own ({@link RocketMqProcess}), killed, frozen for longer than the send timeout, or not
 * running. (No 1 s freeze p99 here as for AMQP: on two cores a separate broker JVM's consumer
 * stalls for one to two seconds now and then without any freeze, which would hide it.) Each test
 * checks how long the run took, that the exit code, the summary, standard error and {@code
 * result.json} agree, and that every sent message is confirmed, failed or still unconfirmed.
 */
class RocketMqFaultsIT {
  private static final String INTERVAL_LINE = "^ *[0-9]+\\.[0-9]+ ";

  @TempDir Path dir;

  private List<String> run(String nameServer, String topic, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of("run", "rocketmq", "-n", nameServer, "-t", topic, "-o", dir.toString()));
    args.addAll(List.of(more));
    return args;
  }

  /**
   * The exit code, standard error and the summary say what result.json says: a failed run exits 1
   * with its error; a completed one exits 0, or 3 with the loss it reports.
   */
  private static void oneTruth(BenchProcess bench, int exit, RunResult result) {
    String output = bench.out() + bench.err();
    if (RunResult.FAILED.equals(result.status())) {
      FaultRunChecks.failedWithOneError(bench, exit, result);
    } else {
      assertThat(result.status()).as(output).isEqualTo(RunResult.COMPLETED);
      boolean lost = result.warned(Warning.LOSS);
      assertThat(exit).as(output).isEqualTo(lost ? ExitCodes.LOSS : ExitCodes.OK);
      assertThat(bench.err())
          .isEqualTo(
              lost ? "bench: " + result.integrity().lost() + " message(s) lost: exit 3\n" : "");
    }
    assertThat(bench.out()).contains("summary (" + result.status() + ")");
  }

  @Test
  void aKilledBrokerEndsTheRunBoundedWithTheFailedSendsNamed() throws Exception {
    try (RocketMqProcess mq = RocketMqProcess.start()) {
      BenchProcess bench =
          BenchProcess.start(
              run(mq.nameServer(), "bb-kill", "-r", "1000", "-z", "20s", "-c", "100")
                  .toArray(String[]::new));
      bench.awaitLine(INTERVAL_LINE, 3, Duration.ofSeconds(60));
      mq.signal("KILL");
      int exit = bench.waitFor(Duration.ofSeconds(90));

      // Twenty seconds, the drain's grace (10 s), the send timeouts and closing.
      assertThat(bench.elapsed()).isLessThan(Duration.ofSeconds(50));
      RunResult result = FaultRunChecks.result(dir);
      oneTruth(bench, exit, result);
      FaultRunChecks.everySentMessageAccountedFor(result);
      assertThat(result.totals().counts().notAccepted().failed()).isPositive();
      assertThat(bench.out()).contains("NOT_ACCEPTED: ").contains(" failed (");
      assertThat(bench.out()).doesNotContain("refused by the broker");
    }
  }

  @Test
  void aFreezeLongerThanTheSendTimeoutFailsThoseSendsAndTheRunGoesOn() throws Exception {
    try (RocketMqProcess mq = RocketMqProcess.start()) {
      BenchProcess bench =
          BenchProcess.start(
              run(
                      mq.nameServer(),
                      "bb-frozen",
                      "-r",
                      "1000",
                      "-z",
                      "20s",
                      "-c",
                      "100",
                      "--send-timeout-ms",
                      "2000")
                  .toArray(String[]::new));
      bench.awaitLine(INTERVAL_LINE, 3, Duration.ofSeconds(60));
      mq.signal("STOP");
      Thread.sleep(6_000);
      mq.signal("CONT");
      int exit = bench.waitFor(Duration.ofSeconds(90));

      assertThat(bench.elapsed()).isLessThan(Duration.ofSeconds(50));
      RunResult result = FaultRunChecks.result(dir);
      oneTruth(bench, exit, result);
      FaultRunChecks.everySentMessageAccountedFor(result);
      assertThat(result.totals().counts().notAccepted().failed()).isPositive();
    }
  }

  /**
   * RocketMQ's client finds a restarted broker again by itself, whatever {@code
   * --on-connection-loss} says: the run goes on to its end, the sends of the outage fail and are
   * counted so, sends are confirmed again once the broker is back, and nothing the broker took is
   * lost. The restart (a graceful broker shutdown, 3 s down, start, ready for a send) takes about
   * 20 s here, so the run lasts 40 s.
   */
  @ParameterizedTest
  @ValueSource(strings = {"fail", "reconnect"})
  void aBrokerRestartedMidRunCostsTheSendsOfTheOutageAndTheRunGoesOn(String onLoss)
      throws Exception {
    try (RocketMqProcess mq = RocketMqProcess.start()) {
      BenchProcess bench =
          BenchProcess.start(
              run(
                      mq.nameServer(),
                      "bb-restart-" + onLoss,
                      "-r",
                      "1000",
                      "-z",
                      "40s",
                      "-c",
                      "100",
                      "--send-timeout-ms",
                      "2000",
                      "--on-connection-loss",
                      onLoss)
                  .toArray(String[]::new));
      bench.awaitLine(INTERVAL_LINE, 3, Duration.ofSeconds(60));
      mq.restartBroker(Duration.ofSeconds(3));
      int exit = bench.waitFor(Duration.ofSeconds(120));

      assertThat(bench.elapsed()).isLessThan(Duration.ofSeconds(80));
      RunResult result = FaultRunChecks.result(dir);
      assertThat(result.status()).as(bench.out() + bench.err()).isEqualTo(RunResult.COMPLETED);
      oneTruth(bench, exit, result);
      FaultRunChecks.everySentMessageAccountedFor(result);
      assertThat(result.totals().counts().notAccepted().failed()).as(bench.out()).isPositive();
      assertThat(confirmedAgainAfterAnOutage(bench.out())).as(bench.out()).isTrue();
      assertThat(result.integrity().lost()).as(bench.out()).isZero();
    }
  }

  /** Whether an interval line with confirmations follows one with sends and none confirmed. */
  private static boolean confirmedAgainAfterAnOutage(String out) {
    boolean outage = false;
    for (String line : out.split("\n")) {
      if (!line.matches(INTERVAL_LINE + ".*")) {
        continue;
      }
      // time(s) step sent/s conf/s recv/s | ...
      String[] columns = line.trim().split(" +");
      long sent = Long.parseLong(columns[2]);
      long confirmed = Long.parseLong(columns[3]);
      if (sent > 0 && confirmed == 0) {
        outage = true;
      } else if (outage && confirmed > 0) {
        return true;
      }
    }
    return false;
  }

  @Test
  void aNameServerThatIsNotRunningFailsTheRunWithOneLineAndAResult() throws Exception {
    BenchProcess bench =
        BenchProcess.start(run("127.0.0.1:5735", "bb-down", "-z", "5s").toArray(String[]::new));
    int exit = bench.waitFor(Duration.ofSeconds(60));

    assertThat(bench.elapsed()).isLessThan(Duration.ofSeconds(30));
    RunResult result = FaultRunChecks.result(dir);
    FaultRunChecks.failedWithOneError(bench, exit, result);
    assertThat(result.error()).contains("127.0.0.1:5735");
  }
}
