package io.brokerbench.amqp10;

import io.brokerbench.contract.TestBrokerSelection;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The AMQP 1.0 broker the integration tests use: {@value #ENV}, else RabbitMQ on 127.0.0.1:5672
 * with guest/guest, else a RabbitMQ container when a Docker engine answers; chosen once per test
 * JVM (see {@link TestBrokerSelection}). The url may carry the broker's address template ({@code
 * amqp://HOST:PORT//queues/%s} for RabbitMQ 4.x); without one, RabbitMQ 3.x's applies.
 */
final class TestBroker {
  /** Environment variable naming another broker. */
  static final String ENV = "BROKERBENCH_AMQP10_URI";

  private static final TestBrokerSelection BROKER =
      TestBrokerSelection.builder("AMQP 1.0 broker")
          .environment(ENV, System.getenv(ENV))
          .local("amqp://guest:guest@127.0.0.1:5672")
          .localHint("RabbitMQ: rabbitmq-plugins enable rabbitmq_amqp1_0")
          .answers(TestBroker::speaksAmqp10)
          .container(new RabbitMqContainerBroker())
          .masking(io.brokerbench.spi.UriPasswords::mask)
          .build();

  private TestBroker() {}

  /** The broker's url; skips the test (fails it in CI) when no broker answers. */
  static String url() {
    return BROKER.require();
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

  /** The address the test broker gives a queue, from its url's template. */
  static String addressOf(String queue) {
    return Amqp10Config.parse(Map.of("url", url())).addressOf(queue);
  }

  /** Skips (or fails in CI) unless a broker speaks AMQP 1.0. */
  static void require() {
    BROKER.require();
  }

  private static boolean speaksAmqp10(String url) {
    Amqp10Config config = Amqp10Config.parse(Map.of("url", url));
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(config.host(), config.port()), 1_000);
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
