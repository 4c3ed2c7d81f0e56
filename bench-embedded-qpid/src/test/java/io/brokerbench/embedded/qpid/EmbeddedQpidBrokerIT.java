package io.brokerbench.embedded.qpid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.DefaultSaslConfig;
import com.rabbitmq.client.GetResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Set;
import java.util.stream.Collectors;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
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
    // Broker-J's configuration thread ends just after close returns: give it a few seconds.
    Set<String> leftOver = Set.of("not looked at yet");
    long deadline = System.nanoTime() + 5_000_000_000L;
    while (!leftOver.isEmpty() && System.nanoTime() < deadline) {
      leftOver =
          Thread.getAllStackTraces().keySet().stream()
              .filter(t -> !before.contains(t) && t.isAlive() && !t.isDaemon())
              .map(Thread::getName)
              .collect(Collectors.toSet());
      if (!leftOver.isEmpty()) {
        Thread.sleep(50);
      }
    }
    assertThat(leftOver).isEmpty();
  }

  @Test
  void servesTlsWithPasswordsAndWithClientCertificatesWhenAsked() throws Exception {
    try (EmbeddedQpidBroker broker = EmbeddedQpidBroker.startWithTls()) {
      assertThat(broker.tlsPort()).isPositive().isNotEqualTo(broker.port());
      assertThat(broker.clientCertificatePort())
          .isPositive()
          .isNotIn(broker.port(), broker.tlsPort());
      ClientTls tls = broker.clientTls();
      assertThat(tls.toString()).doesNotContain(tls.keyStorePassword());

      ConnectionFactory trustAll = new ConnectionFactory();
      trustAll.setUri("amqps://guest:guest@127.0.0.1:" + broker.tlsPort());
      try (Connection connection = trustAll.newConnection()) {
        assertThat(connection.isOpen()).isTrue();
      }

      ConnectionFactory verified = tlsFactory(broker.tlsPort(), context(tls, false));
      verified.setUsername(broker.username());
      verified.setPassword(broker.password());
      try (Connection connection = verified.newConnection()) {
        assertThat(connection.isOpen()).isTrue();
      }

      ConnectionFactory external = tlsFactory(broker.clientCertificatePort(), context(tls, true));
      external.setSaslConfig(DefaultSaslConfig.EXTERNAL);
      try (Connection connection = external.newConnection();
          Channel channel = connection.createChannel()) {
        assertThat(channel.queueDeclare("", false, true, true, null).getQueue()).isNotEmpty();
      }

      ConnectionFactory noCertificate =
          tlsFactory(broker.clientCertificatePort(), context(tls, false));
      noCertificate.setSaslConfig(DefaultSaslConfig.EXTERNAL);
      assertThatThrownBy(noCertificate::newConnection).isInstanceOf(IOException.class);
    }
  }

  @Test
  void hasNoTlsPortUnlessAsked() {
    try (EmbeddedQpidBroker broker = EmbeddedQpidBroker.start()) {
      assertThat(broker.tlsPort()).isEqualTo(-1);
      assertThat(broker.clientCertificatePort()).isEqualTo(-1);
      assertThatThrownBy(broker::clientTls).isInstanceOf(IllegalStateException.class);
    }
  }

  private static ConnectionFactory tlsFactory(int port, SSLContext context) {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setHost("127.0.0.1");
    factory.setPort(port);
    factory.setAutomaticRecoveryEnabled(false);
    factory.setConnectionTimeout(5_000);
    factory.useSslProtocol(context);
    factory.enableHostnameVerification();
    return factory;
  }

  /** The test authority trusted, and with {@code withCertificate} the client certificate. */
  private static SSLContext context(ClientTls tls, boolean withCertificate)
      throws GeneralSecurityException, IOException {
    TrustManagerFactory trust =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    trust.init(load(tls.trustStore(), tls.trustStorePassword()));
    KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    keys.init(load(tls.keyStore(), tls.keyStorePassword()), tls.keyStorePassword().toCharArray());
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(withCertificate ? keys.getKeyManagers() : null, trust.getTrustManagers(), null);
    return context;
  }

  private static KeyStore load(Path file, String password)
      throws GeneralSecurityException, IOException {
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(file)) {
      store.load(in, password.toCharArray());
    }
    return store;
  }
}
