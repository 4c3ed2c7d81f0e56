package io.brokerbench.coordination;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.result.BrokerLoadSample;
import io.brokerbench.result.ClockStatus;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.spi.DriverException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The shard's end, against a coordinator played by the test on 127.0.0.1. */
@Timeout(60)
class ShardLinkTest {
  private static final Message.Hello HELLO = new Message.Hello(0, 1, "test", ClockStatus.UNKNOWN);

  private static ServerSocket listen(int port) throws IOException {
    ServerSocket server = new ServerSocket();
    server.setReuseAddress(true);
    server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
    return server;
  }

  private static CompletableFuture<Instant> awaitStart(ShardLink link) {
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            return link.awaitStart(() -> false);
          } catch (DriverException | InterruptedException e) {
            throw new IllegalStateException(e.getMessage(), e);
          }
        });
  }

  @Test
  void aCoordinatorRestartedBeforeTheStartTakesTheShardBack() throws Exception {
    int port;
    ShardLink link;
    CompletableFuture<Instant> start;
    try (ServerSocket first = listen(0)) {
      port = first.getLocalPort();
      link =
          ShardLink.dial(new InetSocketAddress("127.0.0.1", port), Duration.ofSeconds(30), HELLO);
      start = awaitStart(link);
      try (Wire shard = new Wire(first.accept())) {
        assertThat(shard.receive()).isEqualTo(HELLO);
        assertThat(shard.receive()).isEqualTo(new Message.Ready());
      }
    }

    try (ServerSocket second = listen(port);
        Wire shard = new Wire(second.accept())) {
      assertThat(shard.receive()).isEqualTo(HELLO);
      assertThat(shard.receive()).isEqualTo(new Message.Ready());
      shard.send(new Message.Start(1_700_000_000_000L, List.of(0), Map.of(0, "test")));

      assertThat(start.get(30, TimeUnit.SECONDS))
          .isEqualTo(Instant.ofEpochMilli(1_700_000_000_000L));
    } finally {
      link.close();
    }
  }

  @Test
  void aCoordinatorLostAfterTheStartIsDialledAgainAndGivenEveryFigureSinceTheStart(
      @TempDir Path dir) throws Exception {
    // Three intervals told apart by the broker's queue depth they carry.
    IntervalSample one = ShardRuns.single(dir).intervals().get(0).sample();
    List<IntervalSample> samples =
        List.of(1L, 2L, 3L).stream()
            .map(
                depth -> one.withBroker(new BrokerLoadSample(-1, -1, -1, -1, -1, depth, List.of())))
            .toList();
    Message.Start start = new Message.Start(1_700_000_000_000L, List.of(0), Map.of(0, "test"));
    int port;
    ShardLink link;
    try (ServerSocket first = listen(0)) {
      port = first.getLocalPort();
      link =
          ShardLink.dial(new InetSocketAddress("127.0.0.1", port), Duration.ofSeconds(30), HELLO);
      CompletableFuture<Instant> started = awaitStart(link);
      try (Wire shard = new Wire(first.accept())) {
        next(shard);
        next(shard);
        shard.send(start);
        assertThat(started.get(30, TimeUnit.SECONDS))
            .isEqualTo(Instant.ofEpochMilli(1_700_000_000_000L));
        link.interval(samples.get(0), LatencyHistograms.empty());
        assertThat(Wire.text(next(shard))).isEqualTo(interval(samples.get(0)));
      }
    }
    try {
      // No coordinator now: the figure is kept, not lost, and the run is not disturbed.
      link.interval(samples.get(1), LatencyHistograms.empty());

      try (ServerSocket second = listen(port);
          Wire shard = new Wire(second.accept())) {
        assertThat(next(shard)).isEqualTo(HELLO.rejoining(start));
        assertThat(Wire.text(next(shard))).isEqualTo(interval(samples.get(0)));
        assertThat(Wire.text(next(shard))).isEqualTo(interval(samples.get(1)));
        link.interval(samples.get(2), LatencyHistograms.empty());
        assertThat(Wire.text(next(shard))).isEqualTo(interval(samples.get(2)));
      }
    } finally {
      link.close();
    }
  }

  /** The next message but heartbeats, which a shard sends every second. */
  private static Message next(Wire wire) throws IOException {
    Message m = wire.receive();
    return m instanceof Message.Heartbeat ? next(wire) : m;
  }

  /** An interval as a coordinator reads it: its line, as records of doubles and maps compare. */
  private static String interval(IntervalSample sample) {
    return Wire.text(Message.Interval.of(sample, LatencyHistograms.empty()));
  }

  @Test
  void aRefusalEndsTheWaitWithItsReason() throws Exception {
    try (ServerSocket server = listen(0)) {
      ShardLink link =
          ShardLink.dial(
              new InetSocketAddress("127.0.0.1", server.getLocalPort()),
              Duration.ofSeconds(30),
              HELLO);
      try (Wire shard = new Wire(server.accept())) {
        shard.receive();
        shard.send(new Message.Refused("the run started without shard 0"));

        assertThatThrownBy(() -> link.awaitStart(() -> false))
            .isInstanceOf(DriverException.class)
            .hasMessage("the coordinator refused this shard: the run started without shard 0");
      } finally {
        link.close();
      }
    }
  }
}
