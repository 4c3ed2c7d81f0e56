package io.brokerbench.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.contract.DriverContractKit;
import io.brokerbench.spi.Driver;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The driver contract against the embedded Qpid Broker-J, the default when no url is given. */
class Amqp10EmbeddedContractIT extends DriverContractKit {

  @Override
  protected Driver openDriver() throws Exception {
    return new Amqp10DriverProvider().open(Map.of());
  }

  @Test
  void describesTheEmbeddedBroker() {
    assertThat(driver().description().embedded()).isTrue();
    assertThat(driver().description().target()).startsWith("embedded Qpid Broker-J");
  }
}
