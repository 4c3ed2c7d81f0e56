package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.embedded.qpid.EmbeddedQpidBroker;
import io.brokerbench.report.RunResult;
import io.brokerbench.spi.DriverException;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** amqps:// against the embedded broker's TLS port and its self-signed certificate. */
class Amqp091TlsIT {
  private static EmbeddedQpidBroker broker;
  private static String uri;

  @BeforeAll
  static void startBroker() {
    broker = EmbeddedQpidBroker.startWithTls();
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
    Workload workload =
        Workload.builder()
            .destination("bb-tls")
            .messageBytes(100)
            .messagesPerProducer(500)
            .inFlightWindow(32)
            .drainTimeout(Duration.ofSeconds(10))
            .reportInterval(Duration.ofMillis(500))
            .build();

    RunResult result =
        BenchmarkRun.builder(workload)
            .driver("amqp091", Map.of("uri", uri, "tls-trust-all", ""))
            .build()
            .run();

    assertThat(result.status()).isEqualTo("completed");
    assertThat(result.totals().received()).isEqualTo(500);
    assertThat(result.integrity().clean()).isTrue();
    assertThat(result.environment().target())
        .isEqualTo("amqps://guest:****@127.0.0.1:" + broker.tlsPort());
  }
}
