package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Connecting an untimed socket: its connect timeout kept by closing it, over loopback. */
class UntimedSocketTest {
  @Test
  void connectsWithinItsTimeoutAndKeepsNoSocketTimeout() throws IOException {
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        Socket socket = new UntimedSocket()) {
      socket.connect(server.getLocalSocketAddress(), 5_000);

      assertThat(socket.isConnected()).isTrue();
      assertThat(socket.getSoTimeout()).isZero();
      try (Socket accepted = server.accept()) {
        accepted.getOutputStream().write(42);
        assertThat(socket.getInputStream().read()).isEqualTo(42);
      }
    }
  }

  @Test
  void aRefusedConnectionIsRefusedAtOnce() throws IOException {
    InetSocketAddress nobody;
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      nobody = (InetSocketAddress) server.getLocalSocketAddress();
    }
    try (Socket socket = new UntimedSocket()) {
      assertThatThrownBy(() -> socket.connect(nobody, 60_000)).isInstanceOf(ConnectException.class);
    }
  }

  @Test
  void aConnectThatGetsNoAnswerTimesOutAsATimedConnectDoes() throws IOException {
    // A listener that accepts nothing: once its backlog is full, the kernel drops new SYNs, so a
    // connect hears nothing back.
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      List<Socket> queued = fillBacklog(server);
      try (Socket socket = new UntimedSocket()) {
        long start = System.nanoTime();
        assertThatThrownBy(() -> socket.connect(server.getLocalSocketAddress(), 300))
            .isInstanceOf(SocketTimeoutException.class)
            .hasMessage("Connect timed out");
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(took).isBetween(Duration.ofMillis(300), Duration.ofSeconds(10));
        assertThat(socket.isClosed()).isTrue();
      } finally {
        for (Socket socket : queued) {
          socket.close();
        }
      }
    }
  }

  /** Connects until a connect times out: the listener's backlog is full then. */
  private static List<Socket> fillBacklog(ServerSocket server) throws IOException {
    List<Socket> queued = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      Socket socket = new Socket();
      try {
        socket.connect(server.getLocalSocketAddress(), 200);
        queued.add(socket);
      } catch (SocketTimeoutException full) {
        socket.close();
        return queued;
      }
    }
    throw new IllegalStateException("the backlog took 16 connections without filling");
  }
}
