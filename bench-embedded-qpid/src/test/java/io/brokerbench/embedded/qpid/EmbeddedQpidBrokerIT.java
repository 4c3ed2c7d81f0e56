package io.brokerbench.embedded.qpid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.GetResponse;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class EmbeddedQpidBrokerIT {

  @Test
  void servesAmqp091OnAnEphemeralLoopbackPortAndStopsItsThreads() throws Exception {
    Set<Thread> before = Thread.getAllStackTraces().keySet();
    EmbeddedQpidBroker broker = EmbeddedQpidBroker.start();
    try {
      assertThat(broker.host()).isEqualTo("127.0.0.1");
      assertThat(broker.port()).isPositive().isNotEqualTo(5672);
      ConnectionFactory factory = new ConnectionFactory();
      factory.setHost(broker.host());
      factory.setPort(broker.port());
      factory.setUsername(broker.username());
      factory.setPassword(broker.password());
      try (Connection connection = factory.newConnection();
          Channel channel = connection.createChannel()) {
        String queue = channel.queueDeclare("embedded-check", false, false, true, null).getQueue();
        channel.confirmSelect();
        channel.basicPublish("", queue, null, "hello".getBytes(StandardCharsets.US_ASCII));
        channel.waitForConfirmsOrDie(5_000);
        GetResponse response = channel.basicGet(queue, true);
        assertThat(response).isNotNull();
        assertThat(new String(response.getBody(), StandardCharsets.US_ASCII)).isEqualTo("hello");
      }
    } finally {
      broker.close();
    }
    assertThatCode(broker::close).doesNotThrowAnyException();
    Set<String> leftOver =
        Thread.getAllStackTraces().keySet().stream()
            .filter(t -> !before.contains(t) && t.isAlive() && !t.isDaemon())
            .map(Thread::getName)
            .collect(Collectors.toSet());
    assertThat(leftOver).isEmpty();
  }

  @Test
  void servesTlsWithASelfSignedCertificateWhenAsked() throws Exception {
    try (EmbeddedQpidBroker broker = EmbeddedQpidBroker.startWithTls()) {
      assertThat(broker.tlsPort()).isPositive().isNotEqualTo(broker.port());
      ConnectionFactory factory = new ConnectionFactory();
      factory.setUri("amqps://guest:guest@127.0.0.1:" + broker.tlsPort());
      try (Connection connection = factory.newConnection()) {
        assertThat(connection.isOpen()).isTrue();
      }
    }
  }

  @Test
  void hasNoTlsPortUnlessAsked() {
    try (EmbeddedQpidBroker broker = EmbeddedQpidBroker.start()) {
      assertThat(broker.tlsPort()).isEqualTo(-1);
    }
  }
}
