package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.rabbitmq.testing.ArmedFault;
import io.brokerbench.rabbitmq.testing.PrivateRabbitMqNode;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Warning;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults injected into a broker while the jar runs against it, as a user would meet them: a private
 * RabbitMQ 4.0.5 node (never the machine's) killed, frozen with SIGSTOP for less and for more than
 * the heartbeat, held in a memory alarm, or not running at all, for each AMQP driver. Each test
 * checks how long the run took to end, its exit code, the error on standard error against the
 * summary and {@code result.json}, that the files are written and valid, and that every sent
 * message is confirmed, refused or still unconfirmed.
 *
 * <p>One subclass per driver, each with a node of its own, so that the two run in separate failsafe
 * forks at the same time.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class AmqpBrokerFaults {
  private static final String INTERVAL_LINE = "^ +[0-9]+\\.[0-9] +[0-9]";

  /**
   * An interval line in which nothing was confirmed or received, the run's own word that the broker
   * is frozen: amqp091's (time, [step,] sent, confirmed, received) or amqp10's quiver line (sender
   * and receiver rates of zero).
   */
  private String nothingMovedLine() {
    return driver.equals("amqp091")
        ? "^ +[0-9]+\\.[0-9]( +[0-9]+)? +[0-9]+ +0 +0 \\|"
        : "^ +[0-9.]+ +[0-9,]+ +0 +[0-9]+ +[0-9.]+ +[0-9.]+ +[0-9,]+ +0 ";
  }

  private final String driver;
  private final int port;
  private PrivateRabbitMqNode node;

  @TempDir Path dir;

  /** The tests for {@code driver}, against a private node on {@code port}. */
  AmqpBrokerFaults(String driver, int port) {
    this.driver = driver;
    this.port = port;
  }

  @BeforeAll
  void startNode() throws Exception {
    node = PrivateRabbitMqNode.start("bb-faults-" + driver, port);
  }

  @AfterAll
  void stopNode() throws Exception {
    if (node != null) {
      node.close();
    }
  }

  /** {@code bench run} against the node, queue {@code queue}, then {@code more}. */
  private List<String> run(String queue, String... more) {
    return run(port, queue, more);
  }

  /** {@code bench run} against port {@code port}, queue {@code queue}, then {@code more}. */
  private List<String> run(int port, String queue, String... more) {
    List<String> args = new ArrayList<>(List.of("run", driver));
    String url = "amqp://guest:guest@127.0.0.1:" + port;
    if (driver.equals("amqp091")) {
      args.addAll(List.of("-h", url));
    } else {
      args.addAll(List.of("--url", url, "--address", "/queues/%s"));
    }
    args.addAll(List.of("-u", queue + "-" + driver, "-o", dir.toString()));
    // Every message in the totals: the checks count and time the whole run.
    args.addAll(List.of("--warmup", "0"));
    args.addAll(List.of(more));
    return args;
  }

  /** The driver's option for how long a silent broker is tolerated, in seconds. */
  private String heartbeatOption() {
    return driver.equals("amqp091") ? "--heartbeat" : "--idle-timeout";
  }

  /** The class's last test: the killed node is not started again, only stopped after the class. */
  @Test
  @Order(Integer.MAX_VALUE)
  void aKilledBrokerEndsTheRunAtOnceWithOneErrorAndTheFiles() throws Exception {
    BenchProcess bench =
        BenchProcess.start(
            run("bb-kill", "-r", "2000", "-z", "30s", "-c", "100").toArray(String[]::new));
    bench.awaitLine(INTERVAL_LINE, 2, Duration.ofSeconds(30));
    node.signal("KILL");
    long killed = System.nanoTime();
    int exit = bench.waitFor(Duration.ofSeconds(30));

    assertThat(Duration.ofNanos(bench.endNanos() - killed)).isLessThan(Duration.ofSeconds(10));
    RunResult result = FaultRunChecks.result(dir);
    FaultRunChecks.failedWithOneError(bench, exit, result);
    assertThat(result.ending().error())
        .contains("127.0.0.1:" + port)
        .containsIgnoringCase("connection");
    FaultRunChecks.everySentMessageAccountedFor(result);
    // Messages unconfirmed at the kill are not claimed as accepted, so not as lost either; a
    // confirmed message the consumer had not received yet is (the broker died with it).
    FaultRunChecks.lossOnlyFromEndingEarly(result);
  }

  /**
   * The property brokerbench exists for: a 1 s freeze at 5,000 msg/s in a 10 s run shows as the
   * open-loop schedule says it must. Every message intended during the freeze waits for its end, so
   * 1% of the run's messages (0.1 s of them) wait longer than the freeze less 0.1 s.
   */
  @Test
  void aOneSecondFreezeShowsInTheP99FromTheIntendedSendTime() throws Exception {
    int runSeconds = 10;
    BenchProcess bench =
        BenchProcess.start(
            run(
                    "bb-freeze",
                    "-r",
                    "5000",
                    "-z",
                    runSeconds + "s",
                    "-c",
                    "1000",
                    heartbeatOption(),
                    "5")
                .toArray(String[]::new));
    double frozenSeconds;
    try {
      bench.awaitLine(INTERVAL_LINE, 4, Duration.ofSeconds(40));
      node.signal("STOP");
      long stopped = System.nanoTime();
      Thread.sleep(1_000);
      // Frozen at least from the signal's return to the thaw's call.
      frozenSeconds = (System.nanoTime() - stopped) / 1e9;
      node.signal("CONT");
    } finally {
      node.signal("CONT");
    }
    int exit = bench.waitFor(Duration.ofSeconds(60));

    assertThat(exit).as("%s%s", bench.out(), bench.err()).isZero();
    RunResult result = FaultRunChecks.result(dir);
    assertThat(result.ending().status()).isEqualTo(RunResult.COMPLETED);
    assertThat(result.figures().integrity().lost()).isZero();
    FaultRunChecks.everySentMessageAccountedFor(result);
    FaultRunChecks.freezeShows(
        bench, result.figures().latency().get("e2e"), frozenSeconds, runSeconds);
  }

  @Test
  void aFreezeLongerThanTheHeartbeatFailsTheRunOnceTheHeartbeatIsMissed() throws Exception {
    BenchProcess bench =
        BenchProcess.start(
            run("bb-frozen", "-r", "2000", "-z", "60s", "-c", "100", heartbeatOption(), "2")
                .toArray(String[]::new));
    long stopping;
    long stopped;
    int exit;
    try {
      bench.awaitLine(INTERVAL_LINE, 2, Duration.ofSeconds(30));
      // The freeze begins somewhere inside the signal script, which a loaded machine runs slowly.
      stopping = System.nanoTime();
      node.signal("STOP");
      stopped = System.nanoTime();
      exit = bench.waitFor(Duration.ofSeconds(40));
    } finally {
      node.signal("CONT");
    }

    // Two missed heartbeats, then a clean-up that gives up on the frozen broker.
    assertThat(Duration.ofNanos(bench.endNanos() - stopped)).isLessThan(Duration.ofSeconds(20));
    RunResult result = FaultRunChecks.result(dir);
    FaultRunChecks.failedWithOneError(bench, exit, result);
    assertThat(result.ending().error()).containsPattern("(?i)heartbeat|idle-timeout");
    FaultRunChecks.everySentMessageAccountedFor(result);
    FaultRunChecks.lossOnlyFromEndingEarly(result);
    // The sends the schedule intended while the broker was frozen are counted, with how late: the
    // oldest from when the confirm window filled (100 messages, 50 ms after the freeze) to the end,
    // which came once 2 s passed without a frame (amqp10; amqp091 misses two heartbeats, ~4 s).
    LatencySummary unsent = result.figures().latency().get("unsent");
    assertThat(unsent.count()).isGreaterThan(2_000);
    assertThat(unsent.maxMicros() / 1e6)
        .isBetween(2.0 - 0.05 - 0.1, (bench.endNanos() - stopping) / 1e9);
  }

  /**
   * SIGTERM while the broker is frozen (and the heartbeat has not given up on it yet): the summary
   * of the run so far comes out and the files are written, within the signal's grace, although no
   * close can complete against the frozen broker.
   */
  @Test
  void aSignalWhileTheBrokerIsFrozenStillPrintsAndWritesTheResults() throws Exception {
    RunResult result = signalledWhileFrozen("bb-term");
    FaultRunChecks.lossOnlyFromEndingEarly(result);
  }

  /**
   * Runs {@code driver} at 1,000 msg/s, freezes the broker, sends SIGTERM once an interval passed
   * with nothing confirmed and thaws the broker once the run ended; checks what every signalled run
   * owes its user.
   */
  final RunResult signalledWhileFrozen(String queue, String... more) throws Exception {
    List<String> args = run(queue, "-r", "1000", "-z", "60s", "-c", "100");
    args.addAll(List.of(more));
    BenchProcess bench = BenchProcess.start(args.toArray(String[]::new));
    long signalled;
    int exit;
    try {
      bench.awaitLine(INTERVAL_LINE, 2, Duration.ofSeconds(30));
      node.signal("STOP");
      // Signalled once the run has seen the freeze: a whole interval with nothing confirmed.
      bench.awaitLine(nothingMovedLine(), 1, Duration.ofSeconds(10));
      bench.signal("TERM");
      signalled = System.nanoTime();
      // The results so far, after the interrupted run's short drain (2 s) and, when messages are
      // missing, the broker's depth asked for 5 s at most: not after the clean-up, which waits for
      // the frozen broker in vain.
      bench.awaitLine("^== brokerbench summary \\(interrupted\\) ==$", 1, Duration.ofSeconds(15));
      exit = bench.waitFor(Duration.ofSeconds(40));
    } finally {
      node.signal("CONT");
    }

    // A JVM ended by SIGTERM exits 143 (128 + 15), once the files are out. The summary came within
    // the run's own bounds (above); the process ends with them (measured 10.5 s, 15.6 s with
    // messages missing) or, when the clean-up against the frozen broker runs long on a loaded
    // machine (20.5 s once beside stress-ng), with the signal's grace, which it does not outlive.
    assertThat(exit).as("%s%s", bench.out(), bench.err()).isEqualTo(143);
    assertThat(Duration.ofNanos(bench.endNanos() - signalled))
        .as("%s%s", bench.out(), bench.err())
        .isLessThan(Duration.ofSeconds(InterruptHook.GRACE_SECONDS + 10));
    RunResult result = FaultRunChecks.result(dir);
    assertThat(result.ending().status()).isEqualTo(RunResult.INTERRUPTED);
    FaultRunChecks.everySentMessageAccountedFor(result);
    return result;
  }

  @Test
  void aMemoryAlarmThatStaysOnEndsTheRunAtItsDurationWithTheFlowControlSaid() throws Exception {
    // Armed in the broker before the run and fired on its first interval: rabbitmqctl boots an
    // Erlang VM per call, once 16 s under CI's load, which a run cannot be timed around. The alarm
    // comes after the run set up, as AMQP 1.0 on RabbitMQ 4 gets no credit to declare under one.
    int runSeconds = 8;
    ArmedFault alarm = node.armMemoryAlarm();
    BenchProcess bench =
        BenchProcess.start(
            run(
                    "bb-alarm",
                    "-r",
                    "1000",
                    "-z",
                    runSeconds + "s",
                    "-c",
                    "100",
                    "--drain-timeout",
                    "3s")
                .toArray(String[]::new));
    int exit;
    try {
      bench.awaitLine(INTERVAL_LINE, 1, Duration.ofSeconds(30));
      alarm.fire();
      exit = bench.waitFor(Duration.ofSeconds(runSeconds + 60));
    } finally {
      node.memoryAlarm(false);
    }

    // The run's length, the drain's grace for what stays unconfirmed (3 s), and closing.
    assertThat(bench.elapsed()).isLessThan(Duration.ofSeconds(runSeconds + 3 + 20));
    RunResult result = FaultRunChecks.result(dir);
    assertThat(bench.out()).contains("FLOW_CONTROL");
    assertThat(result.extras().flowControl().blockedAtEnd()).isTrue();
    FaultRunChecks.everySentMessageAccountedFor(result);
    assertThat(result.figures().integrity().lost()).isZero();
    assertThat(result.figures().latency().get("unsent").count()).isPositive();
    assertThat(exit).as("%s%s", bench.out(), bench.err()).isZero();
  }

  /** The driver's options for a queue that outlives its clients, as a ride-through needs. */
  private String[] durableQueue() {
    return driver.equals("amqp091")
        ? new String[] {"-f", "persistent", "--auto-delete", "false"}
        : new String[] {"-f", "persistent"};
  }

  @Test
  void aBrokerStoppedUnderTheRunFailsItWithoutReconnect() throws Exception {
    ArmedFault stop = node.armApplicationStop();
    BenchProcess bench =
        BenchProcess.start(
            run("bb-stop", "-r", "1000", "-z", "30s", "-c", "100").toArray(String[]::new));
    long stopped;
    int exit;
    try {
      bench.awaitLine(INTERVAL_LINE, 2, Duration.ofSeconds(30));
      stop.fire();
      stopped = System.nanoTime();
      exit = bench.waitFor(Duration.ofSeconds(40));
    } finally {
      node.application(true);
    }

    assertThat(Duration.ofNanos(bench.endNanos() - stopped)).isLessThan(Duration.ofSeconds(15));
    RunResult result = FaultRunChecks.result(dir);
    FaultRunChecks.failedWithOneError(bench, exit, result);
    FaultRunChecks.everySentMessageAccountedFor(result);
    assertThat(result.extras().connectionLosses().happened()).isFalse();
  }

  /**
   * With {@code --on-connection-loss reconnect}, a broker stopped until the run says both its
   * clients lost their connections, then started again: producer and consumer reconnect, the outage
   * is counted and shows as latency from the intended send time, every intended send leaves, and
   * nothing the broker confirmed is lost.
   */
  @Test
  void withReconnectARestartedBrokerIsRiddenThrough() throws Exception {
    List<String> args =
        run(
            "bb-ride",
            "-r",
            "1000",
            // A count, not a duration: however late the broker comes back, the run ends once every
            // intended message has left, so the check does not race rabbitmqctl's start_app.
            "-C",
            "10000",
            "-c",
            "100",
            "--on-connection-loss",
            "reconnect");
    args.addAll(List.of(durableQueue()));
    ArmedFault stop = node.armApplicationStop();
    BenchProcess bench = BenchProcess.start(args.toArray(String[]::new));
    long stopped;
    long starting;
    try {
      bench.awaitLine(INTERVAL_LINE, 1, Duration.ofSeconds(30));
      stop.fire();
      stopped = System.nanoTime();
      // Started again once the run said both its clients lost their connections.
      bench.awaitLine("^CONNECTION LOST: ", 2, Duration.ofSeconds(30));
      starting = System.nanoTime();
    } finally {
      node.application(true);
    }
    // Each client was without its connection at least from the stop to the start.
    double down = (starting - stopped) / 1e9;
    int exit = bench.waitFor(Duration.ofSeconds(90));

    assertThat(exit).as("%s%s", bench.out(), bench.err()).isZero();
    RunResult result = FaultRunChecks.result(dir);
    assertThat(result.ending().status()).isEqualTo(RunResult.COMPLETED);
    assertThat(bench.out()).contains("CONNECTION LOST: ").contains("RECONNECTED: ");
    assertThat(result.extras().connectionLosses().losses()).isGreaterThanOrEqualTo(2);
    assertThat(result.extras().connectionLosses().reconnects())
        .isEqualTo(result.extras().connectionLosses().losses());
    assertThat(result.extras().connectionLosses().lostAtEnd()).isFalse();
    assertThat(result.extras().connectionLosses().outageSeconds()).isBetween(down, 2 * 90.0);
    assertThat(result.warned(Warning.CONNECTION_LOSS)).isTrue();
    FaultRunChecks.everySentMessageAccountedFor(result);
    assertThat(result.figures().totals().counts().sent()).isEqualTo(10_000);
    assertThat(result.figures().integrity().lost()).isZero();
    // Messages the lost consumer had not settled come again from the broker: redelivered, never
    // duplicates (nothing is sent twice).
    assertThat(result.figures().integrity().duplicates()).as(bench.out()).isZero();
    assertThat(result.figures().latency().get("e2e").maxMicros() / 1e6).isGreaterThan(down);
  }

  @Test
  void aBrokerThatIsNotRunningFailsTheRunWithOneLineAndAResult() throws Exception {
    int down = port + 1;
    BenchProcess bench =
        BenchProcess.start(run(down, "bb-down", "-z", "5s").toArray(String[]::new));
    int exit = bench.waitFor(Duration.ofSeconds(30));

    assertThat(bench.elapsed()).isLessThan(Duration.ofSeconds(15));
    RunResult result = FaultRunChecks.result(dir);
    FaultRunChecks.failedWithOneError(bench, exit, result);
    assertThat(result.failedBeforeSending()).isTrue();
    assertThat(result.ending().error()).contains("cannot connect to 127.0.0.1:" + down);
    assertThat(bench.out()).doesNotContain("Exception").doesNotContain("\tat ");
  }
}
