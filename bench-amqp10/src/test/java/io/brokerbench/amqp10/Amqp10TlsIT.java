package io.brokerbench.amqp10;

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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * amqps:// against the embedded broker's TLS ports: its certificate checked against the test
 * authority (host name included), and SASL EXTERNAL with a client certificate.
 */
class Amqp10TlsIT {
  private static EmbeddedQpidBroker broker;
  private static ClientTls tls;

  @BeforeAll
  static void startBroker() {
    broker = EmbeddedQpidBroker.startWithTls();
    tls = broker.clientTls();
  }

  @AfterAll
  static void stopBroker() {
    if (broker != null) {
      broker.close();
    }
  }

  /** Options for a TLS port of the embedded broker, trusting the test authority. */
  private static Map<String, String> options(int port, String... keyValues) {
    Map<String, String> options = new HashMap<>();
    options.put("url", "amqps://127.0.0.1:" + port);
    options.put("address", "%s");
    options.put("virtual-host", "default");
    options.put("trust-store", tls.trustStore().toString());
    options.put("trust-store-password", tls.trustStorePassword());
    options.put("connect-timeout-ms", "5000");
    for (int i = 0; i + 1 < keyValues.length; i += 2) {
      options.put(keyValues[i], keyValues[i + 1]);
    }
    return options;
  }

  @Test
  void aTrustStoreAndThePasswordCarryAWorkload() throws Exception {
    RunResult result =
        CarriedWorkload.run(
            "amqp10",
            "bb-amqp10-tls",
            options(broker.tlsPort(), "user", broker.username(), "password", broker.password()));

    CarriedWorkload.assertCarried(result);
    assertThat(result.setup().environment().target()).startsWith("amqps://");
  }

  @ParameterizedTest
  @ValueSource(strings = {"engine", "client"})
  void saslExternalWithAClientCertificateCarriesAWorkload(String io) throws Exception {
    RunResult result =
        CarriedWorkload.run(
            "amqp10",
            "bb-amqp10-external-" + io,
            options(
                broker.clientCertificatePort(),
                "sasl-mechanisms",
                "EXTERNAL",
                "key-store",
                tls.keyStore().toString(),
                "key-store-password",
                tls.keyStorePassword(),
                "io",
                io));

    CarriedWorkload.assertCarried(result);
  }

  @Test
  void aWrongKeyStorePasswordIsOneLineNamingTheFile() {
    assertThatThrownBy(
            () ->
                new Amqp10DriverProvider()
                    .open(
                        options(
                            broker.clientCertificatePort(),
                            "sasl-mechanisms",
                            "EXTERNAL",
                            "key-store",
                            tls.keyStore().toString(),
                            "key-store-password",
                            "not-the-password")))
        .isInstanceOf(DriverException.class)
        .hasMessage("cannot open key-store " + tls.keyStore() + ": wrong key-store-password")
        .hasMessageNotContaining("not-the-password");
  }
}
