package io.brokerbench.coordination;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.rate.ManualNanoClock;
import io.brokerbench.report.JsonResult;
import io.brokerbench.report.ReportSink;
import io.brokerbench.result.ClockStatus;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.RunResult;
import io.brokerbench.workload.Workload;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The coordinator over real sockets on 127.0.0.1, with shards played by the test. */
@Timeout(60)
class CoordinatorTest {
  private static final long SECOND = 1_000_000_000L;

  @TempDir Path dir;

  private final ManualNanoClock clock = new ManualNanoClock(0, 1_700_000_000L * SECOND);
  private final List<String> notices = new CopyOnWriteArrayList<>();
  private final List<IntervalSample> intervals = new CopyOnWriteArrayList<>();
  private final List<Wire> shards = new CopyOnWriteArrayList<>();
  private ServerSocket server;
  private CompletableFuture<RunResult> outcome;

  private final ReportSink recorder =
      new ReportSink() {
        @Override
        public void notice(String message) {
          notices.add(message);
        }

        @Override
        public void interval(IntervalSample sample, LatencyHistograms histograms) {
          intervals.add(sample);
        }
      };

  private final Workload whole =
      Workload.builder()
          .producers(2)
          .consumers(2)
          .rate(2_000)
          .messagesPerProducer(1_500)
          .duration(null)
          .destinations(ShardRuns.pairs(2))
          .build();

  private void coordinate(Rendezvous.WhenMissing whenMissing, boolean stopOnLost)
      throws IOException {
    server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Coordinator c =
        new Coordinator(
            server,
            new Coordinator.Settings(
                2,
                Duration.ofSeconds(30),
                whenMissing,
                Duration.ofSeconds(5),
                stopOnLost,
                List.of(),
                false,
                null),
            clock,
            List.of(recorder));
    outcome = new CompletableFuture<>();
    Thread t =
        new Thread(
            () -> {
              try {
                outcome.complete(c.run());
              } catch (Throwable e) {
                outcome.completeExceptionally(e);
              }
            });
    t.setDaemon(true);
    t.start();
  }

  private Wire shard(int index) throws IOException {
    return shard(new Message.Hello(index, 2, "test", ClockStatus.UNKNOWN));
  }

  private Wire shard(Message.Hello hello) throws IOException {
    Socket socket = new Socket();
    socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()));
    Wire wire = new Wire(socket);
    wire.send(hello);
    shards.add(wire);
    return wire;
  }

  private static void play(Wire wire, ShardRuns.Run run) throws IOException {
    for (Message.Interval m : run.intervals()) {
      wire.send(m);
    }
    wire.send(run.finished());
  }

  private void awaitNotice(String start) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (notices.stream().noneMatch(n -> n.startsWith(start))) {
      assertThat(System.nanoTime() - deadline).as("notice '%s' in %s", start, notices).isNegative();
      Thread.sleep(10);
    }
  }

  @AfterEach
  void close() throws IOException {
    for (Wire w : shards) {
      w.close();
    }
    server.close();
  }

  @Test
  void shardsStartAtOneInstantOnceBothAreReadyAndTheirFiguresMerge() throws Exception {
    List<ShardRuns.Run> runs = ShardRuns.run(whole, 2, dir);
    coordinate(Rendezvous.WhenMissing.FAIL, false);
    Wire a = shard(0);
    Wire b = shard(1);
    a.send(new Message.Ready());
    b.send(new Message.Ready());

    Message startA = a.receive();
    Message startB = b.receive();
    assertThat(startA).isInstanceOf(Message.Start.class).isEqualTo(startB);

    play(a, runs.get(0));
    play(b, runs.get(1));
    RunResult result = outcome.get(30, TimeUnit.SECONDS);

    assertThat(JsonResult.toJson(result)).isEqualTo(JsonResult.toJson(ShardRuns.merged(runs)));
    assertThat(result.ending().status()).isEqualTo(RunResult.COMPLETED);
    assertThat(intervals).hasSize(runs.get(0).intervals().size());
    assertThat(notices).hasSize(2).allMatch(n -> n.matches("shard [01] ready \\([12] of 2\\)"));
  }

  @Test
  void aRestartedCoordinatorPicksTheRunUpFromTheShardsThatDialAgain() throws Exception {
    List<ShardRuns.Run> runs = ShardRuns.run(whole, 2, dir);
    coordinate(Rendezvous.WhenMissing.FAIL, false);
    Message.Start start =
        new Message.Start(1_700_000_002_000L, List.of(0, 1), Map.of(0, "test", 1, "test"));
    Wire a = rejoin(0, start);
    Wire b = rejoin(1, start);

    play(a, runs.get(0));
    play(b, runs.get(1));
    RunResult result = outcome.get(30, TimeUnit.SECONDS);

    assertThat(JsonResult.toJson(result)).isEqualTo(JsonResult.toJson(ShardRuns.merged(runs)));
    assertThat(intervals).hasSize(runs.get(0).intervals().size());
    // The two shards' connections are read by threads of their own: either may be first.
    assertThat(notices)
        .first()
        .isEqualTo("picking up the run that started at 2023-11-14T22:13:22Z with shard(s) 0, 1");
    assertThat(notices.subList(1, notices.size()))
        .containsExactlyInAnyOrder("shard 0 rejoined", "shard 1 rejoined");
  }

  @Test
  void aShardThatRejoinsTwiceIsRefusedTheSecondTime() throws Exception {
    coordinate(Rendezvous.WhenMissing.FAIL, false);
    Message.Start start =
        new Message.Start(1_700_000_002_000L, List.of(0, 1), Map.of(0, "test", 1, "test"));
    rejoin(0, start);
    awaitNotice("shard 0 rejoined");

    assertThat(rejoin(0, start).receive())
        .isEqualTo(
            new Message.Refused(
                "shard 0 is no longer part of this run (finished, lost or connected)"));
  }

  private Wire rejoin(int index, Message.Start start) throws IOException {
    return shard(new Message.Hello(index, 2, "test", ClockStatus.UNKNOWN).rejoining(start));
  }

  @Test
  void aShardWhoseConnectionClosesIsNamedAtOnceAndTheRunGoesOnPartial() throws Exception {
    List<ShardRuns.Run> runs = ShardRuns.run(whole, 2, dir);
    coordinate(Rendezvous.WhenMissing.FAIL, false);
    Wire a = shard(0);
    Wire b = shard(1);
    a.send(new Message.Ready());
    b.send(new Message.Ready());
    a.receive();
    b.receive();

    b.send(runs.get(1).intervals().get(0));
    b.close();
    awaitNotice("shard 1 lost: its connection closed; the run goes on without it");
    play(a, runs.get(0));

    RunResult result = outcome.get(30, TimeUnit.SECONDS);
    assertThat(result.ending().status()).isEqualTo(RunResult.PARTIAL);
    assertThat(result.mergedFrom().missingShards())
        .singleElement()
        .satisfies(m -> assertThat(m.index()).isOne());
  }

  @Test
  void withStopOnLostTheOtherShardsAreToldToStop() throws Exception {
    coordinate(Rendezvous.WhenMissing.FAIL, true);
    Wire a = shard(0);
    Wire b = shard(1);
    a.send(new Message.Ready());
    b.send(new Message.Ready());
    a.receive();
    b.receive();

    b.close();

    assertThat(a.receive()).isEqualTo(new Message.Stop("shard 1 was lost"));
  }

  @Test
  void afterTheReadyBoundTheRunStartsWithoutTheMissingAndRefusesThemLater() throws Exception {
    coordinate(Rendezvous.WhenMissing.START, false);
    Wire a = shard(0);
    a.send(new Message.Ready());
    awaitNotice("shard 0 ready (1 of 2)");
    clock.advance(30 * SECOND);

    assertThat(a.receive()).isInstanceOf(Message.Start.class);
    awaitNotice("starting without shard(s) 1: not ready within 30 s");
    Wire late = shard(1);
    assertThat(late.receive())
        .isEqualTo(
            new Message.Refused("the run started without shard 1 (it was not ready in time)"));
  }

  @Test
  void whenToldToFailEveryConnectedShardIsRefused() throws Exception {
    coordinate(Rendezvous.WhenMissing.FAIL, false);
    Wire a = shard(0);
    a.send(new Message.Ready());
    awaitNotice("shard 0 ready (1 of 2)");
    clock.advance(30 * SECOND);

    assertThat(a.receive())
        .isEqualTo(new Message.Refused("the run does not start: shard(s) 1 not ready within 30 s"));
  }
}
