package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.contract.DriverContractKit;
import io.brokerbench.result.RunResult;
import io.brokerbench.spi.Driver;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The driver contract against the embedded Qpid broker it starts when given no URI. */
class Amqp091EmbeddedContractIT extends DriverContractKit {

  @Override
  protected Driver openDriver() throws Exception {
    return new Amqp091DriverProvider().open(Map.of());
  }

  @Test
  void describesTheEmbeddedBrokerWithoutItsPassword() {
    assertThat(driver().description().embedded()).isTrue();
    assertThat(driver().description().target())
        .startsWith("embedded Qpid Broker-J at amqp://guest:****@127.0.0.1:")
        .doesNotContain("guest@");
    assertThat(driver().description().clientLibrary()).startsWith("amqp-client 5.");
  }

  @Test
  void smallBodiesCarryTheStampInAHeader() throws Exception {
    RunResult result =
        run(smallWorkload("header").messageBytes(2).messagesPerProducer(500).build());

    assertThat(result.setup().environment().stampLocation()).isEqualTo("header");
    assertThat(result.figures().totals().counts().received()).isEqualTo(500);
    assertThat(result.figures().integrity().clean()).isTrue();
  }
}
