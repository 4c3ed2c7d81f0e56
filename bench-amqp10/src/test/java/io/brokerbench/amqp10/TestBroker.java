package io.brokerbench.amqp10;

import io.brokerbench.contract.RequiredBroker;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/** The AMQP 1.0 broker the integration tests use, and a check that it answers. */
final class TestBroker {
  /** Environment variable naming another broker. */
  static final String ENV = "BROKERBENCH_AMQP10_URI";

  private TestBroker() {}

  /** The broker's url: {@value #ENV} or RabbitMQ on 127.0.0.1:5672 with guest/guest. */
  static String url() {
    String uri = System.getenv(ENV);
    return uri != null && !uri.isBlank() ? uri : "amqp://guest:guest@127.0.0.1:5672";
  }

  /** Driver options for the test broker, deleting the queues the tests create. */
  static Map<String, String> options(String... keyValues) {
    Map<String, String> options = new HashMap<>();
    options.put("url", url());
    options.put("delete-queues", "true");
    options.put("connect-timeout-ms", "5000");
    for (int i = 0; i + 1 < keyValues.length; i += 2) {
      options.put(keyValues[i], keyValues[i + 1]);
    }
    return options;
  }

  /** Skips (or fails in CI) unless the broker speaks AMQP 1.0. */
  static void require() {
    Amqp10Config config = Amqp10Config.parse(Map.of("url", url()));
    RequiredBroker.require(
        speaksAmqp10(config.host(), config.port()),
        "an AMQP 1.0 broker at "
            + config.hostPort()
            + " (RabbitMQ: rabbitmq-plugins enable rabbitmq_amqp1_0; set "
            + ENV
            + " to use another)");
  }

  private static boolean speaksAmqp10(String host, int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(host, port), 1_000);
      socket.setSoTimeout(2_000);
      OutputStream out = socket.getOutputStream();
      out.write(new byte[] {'A', 'M', 'Q', 'P', 3, 1, 0, 0});
      out.flush();
      InputStream in = socket.getInputStream();
      byte[] header = in.readNBytes(8);
      return header.length == 8
          && new String(header, 0, 4, StandardCharsets.US_ASCII).equals("AMQP")
          && header[5] == 1;
    } catch (IOException e) {
      return false;
    }
  }
}
