package io.brokerbench.amqp091;

import io.brokerbench.contract.DriverContractKit;
import io.brokerbench.spi.Driver;
import java.util.Map;

/**
 * The driver contract against RabbitMQ through amqp-client's NIO mode ({@code --nio}), the I/O path
 * many connections take: its publishes go through the client's {@code basicPublish} rather than the
 * pre-encoded frames of the blocking path.
 */
class Amqp091NioContractIT extends DriverContractKit {

  @Override
  protected Driver openDriver() throws Exception {
    TestBroker.require();
    return new Amqp091DriverProvider().open(Map.of("uri", TestBroker.uri(), "nio", "true"));
  }
}
