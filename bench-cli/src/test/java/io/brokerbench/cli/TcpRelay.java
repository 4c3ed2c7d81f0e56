package io.brokerbench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Forwards connections from one address to another, byte for byte: lets a shard in its own network
 * namespace reach the machine's RabbitMQ, which listens on 127.0.0.1 only. Two threads per
 * connection, which is fine for the few connections of a test.
 */
final class TcpRelay implements AutoCloseable {
  private final ServerSocket server;
  private final InetSocketAddress target;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();

  TcpRelay(InetSocketAddress listen, InetSocketAddress target) throws IOException {
    this.server = new ServerSocket();
    this.server.bind(listen);
    this.target = target;
    Thread acceptor = new Thread(this::accept, "relay-" + listen);
    acceptor.setDaemon(true);
    acceptor.start();
  }

  private void accept() {
    while (!server.isClosed()) {
      Socket in;
      try {
        in = server.accept();
      } catch (IOException closed) {
        return;
      }
      Socket out = new Socket();
      try {
        out.connect(target, 5_000);
        sockets.add(in);
        sockets.add(out);
        pump(in, out);
        pump(out, in);
      } catch (IOException refused) {
        // The client sees its connection closed, as it would see the target's refusal.
        closeQuietly(in);
        closeQuietly(out);
      }
    }
  }

  private void pump(Socket from, Socket to) {
    Thread t =
        new Thread(
            () -> {
              byte[] buffer = new byte[64 * 1024];
              try (InputStream in = from.getInputStream();
                  OutputStream out = to.getOutputStream()) {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                  out.write(buffer, 0, n);
                }
              } catch (IOException closed) {
                // One side closed: the other is closed below.
              } finally {
                closeQuietly(from);
                closeQuietly(to);
              }
            },
            "relay-pump");
    t.setDaemon(true);
    t.start();
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException ignored) {
      // Already closed.
    }
  }

  @Override
  public void close() throws IOException {
    server.close();
    sockets.forEach(TcpRelay::closeQuietly);
  }
}
