package io.brokerbench.coordination;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.result.ClockStatus;
import io.brokerbench.spi.DriverException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

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
      shard.send(new Message.Start(1_700_000_000_000L));

      assertThat(start.get(30, TimeUnit.SECONDS))
          .isEqualTo(Instant.ofEpochMilli(1_700_000_000_000L));
    } finally {
      link.close();
    }
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
