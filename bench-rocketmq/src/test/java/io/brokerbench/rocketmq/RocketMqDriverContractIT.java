package io.brokerbench.rocketmq;

import io.brokerbench.contract.DriverContractKit;
import io.brokerbench.spi.Driver;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;

/** The driver contract against a real name server and broker. */
@ExtendWith(RocketMqBroker.class)
class RocketMqDriverContractIT extends DriverContractKit {

  @Override
  protected Driver openDriver() throws Exception {
    return new RocketMqDriverProvider()
        .open(Map.of("name-server", RocketMqBroker.nameServer(), "queues-per-topic", "4"));
  }
}
