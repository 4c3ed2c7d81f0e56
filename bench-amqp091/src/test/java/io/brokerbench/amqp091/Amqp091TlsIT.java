package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.contract.CarriedWorkload;
import io.brokerbench.embedded.qpid.ClientTls;
import io.brokerbench.embedded.qpid.EmbeddedQpidBroker;
import io.brokerbench.result.RunResult;
import io.brokerbench.spi.DriverException;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * amqps:// against the embedded broker's TLS ports: its certificate trusted blindly or through a
 * trust store (host name checked), and SASL EXTERNAL with a client certificate.
 */
class Amqp091TlsIT {
  private static EmbeddedQpidBroker broker;
  private static ClientTls tls;
  private static String uri;

  @BeforeAll
  static void startBroker() {
    broker = EmbeddedQpidBroker.startWithTls();
    tls = broker.clientTls();
    uri = "amqps://guest:guest@127.0.0.1:" + broker.tlsPort();
  }

  @AfterAll
  static void stopBroker() {
    if (broker != null) {
      broker.close();
    }
  }

  @Test
  void anUntrustedCertificateIsRefusedWithAHint() {
    assertThatThrownBy(() -> new Amqp091DriverProvider().open(Map.of("uri", uri)))
        .isInstanceOf(DriverException.class)
        .hasMessageStartingWith("TLS handshake with 127.0.0.1:" + broker.tlsPort() + " failed")
        .hasMessageContaining("tls-trust-all");
  }

  @Test
  void trustAllCarriesAWorkload() throws Exception {
    RunResult result = run("bb-tls", Map.of("uri", uri, "tls-trust-all", ""));

    CarriedWorkload.assertCarried(result);
    assertThat(result.setup().environment().target())
        .isEqualTo("amqps://guest:****@127.0.0.1:" + broker.tlsPort());
  }

  @Test
  void aTrustStoreAndThePasswordCarryAWorkload() throws Exception {
    CarriedWorkload.assertCarried(run("bb-tls-trusted", trusting(uri)));
  }

  @Test
  void saslExternalWithAClientCertificateCarriesAWorkload() throws Exception {
    Map<String, String> options = trusting("amqps://127.0.0.1:" + broker.clientCertificatePort());
    options.put("sasl-external", "");
    options.put("key-store", tls.keyStore().toString());
    options.put("key-store-password", tls.keyStorePassword());

    CarriedWorkload.assertCarried(run("bb-tls-external", options));
  }

  @Test
  void saslExternalWithoutAClientCertificateSaysTheCertificateWasNotAccepted() {
    Map<String, String> options = trusting("amqps://127.0.0.1:" + broker.clientCertificatePort());
    options.put("sasl-external", "");

    assertThatThrownBy(() -> new Amqp091DriverProvider().open(options))
        .isInstanceOf(DriverException.class)
        .hasMessageStartingWith(
            "the broker at 127.0.0.1:"
                + broker.clientCertificatePort()
                + " did not accept the client certificate for SASL EXTERNAL")
        .hasMessageContaining("give a key-store")
        .hasMessageNotContaining("\n");
  }

  @Test
  void aWrongKeyStorePasswordIsOneLineNamingTheFile() {
    Map<String, String> options = trusting("amqps://127.0.0.1:" + broker.clientCertificatePort());
    options.put("sasl-external", "");
    options.put("key-store", tls.keyStore().toString());
    options.put("key-store-password", "not-the-password");

    assertThatThrownBy(() -> new Amqp091DriverProvider().open(options))
        .isInstanceOf(DriverException.class)
        .hasMessage("cannot open key-store " + tls.keyStore() + ": wrong key-store-password");
  }

  /** Options for {@code brokerUri} trusting the embedded broker's test authority. */
  private static Map<String, String> trusting(String brokerUri) {
    Map<String, String> options = new HashMap<>();
    options.put("uri", brokerUri);
    options.put("trust-store", tls.trustStore().toString());
    options.put("trust-store-password", tls.trustStorePassword());
    return options;
  }

  private static RunResult run(String queue, Map<String, String> options) throws Exception {
    return CarriedWorkload.run("amqp091", queue, options);
  }
}
