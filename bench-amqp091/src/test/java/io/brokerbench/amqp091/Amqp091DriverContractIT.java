package io.brokerbench.amqp091;

import io.brokerbench.contract.DriverContractKit;
import io.brokerbench.spi.Driver;
import java.util.Map;

/** The driver contract against RabbitMQ. */
class Amqp091DriverContractIT extends DriverContractKit {

  @Override
  protected Driver openDriver() throws Exception {
    TestBroker.require();
    return new Amqp091DriverProvider().open(Map.of("uri", TestBroker.uri()));
  }
}
