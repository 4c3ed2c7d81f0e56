package io.brokerbench.spi;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class HttpPortProbeTest {
  @Test
  void anHttpServerExplainsAFailedHandshake() throws IOException {
    HttpServer http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    http.start();
    try {
      int port = http.getAddress().getPort();

      assertThat(HttpPortProbe.answersHttp("127.0.0.1", port)).isTrue();
      assertThat(HttpPortProbe.explains(new TimeoutException(), "127.0.0.1", port)).isTrue();
    } finally {
      http.stop(0);
    }
  }

  @Test
  void aServerThatAnswersSomethingElseDoesNot() throws Exception {
    try (ServerSocket server = new ServerSocket(0)) {
      Thread amqp =
          new Thread(
              () -> {
                try (Socket client = server.accept();
                    OutputStream out = client.getOutputStream()) {
                  out.write("AMQP\0\0\11\1".getBytes(StandardCharsets.US_ASCII));
                } catch (IOException e) {
                  // the probe went away
                }
              });
      amqp.start();

      assertThat(HttpPortProbe.answersHttp("127.0.0.1", server.getLocalPort())).isFalse();
      amqp.join(5_000);
    }
  }

  @Test
  void aRefusedConnectionIsNotProbed() throws IOException {
    int closed;
    try (ServerSocket server = new ServerSocket(0)) {
      closed = server.getLocalPort();
    }

    assertThat(HttpPortProbe.answersHttp("127.0.0.1", closed)).isFalse();
    assertThat(HttpPortProbe.explains(new ConnectException("refused"), "127.0.0.1", closed))
        .isFalse();
  }

  @Test
  void theMessageNamesTheEndpointAndTheUsualPorts() {
    assertThat(HttpPortProbe.notThisProtocol("127.0.0.1:15672", "AMQP 0.9.1"))
        .isEqualTo(
            "cannot connect to 127.0.0.1:15672: it answers HTTP, not AMQP 0.9.1 (a management or"
                + " web port? RabbitMQ serves AMQP on 5672 and its management on 15672)");
  }
}
