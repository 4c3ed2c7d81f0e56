package io.brokerbench.amqp10;

import io.brokerbench.contract.DriverContractKit;
import io.brokerbench.spi.Driver;

/** The driver contract against RabbitMQ's AMQP 1.0 plugin (or {@code BROKERBENCH_AMQP10_URI}). */
class Amqp10DriverContractIT extends DriverContractKit {

  @Override
  protected Driver openDriver() throws Exception {
    TestBroker.require();
    return new Amqp10DriverProvider().open(TestBroker.options());
  }
}
