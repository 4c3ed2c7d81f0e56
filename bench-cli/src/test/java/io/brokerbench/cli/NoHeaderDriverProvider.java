package io.brokerbench.cli;

import io.brokerbench.loopback.LoopbackDriverProvider;
import io.brokerbench.spi.Consumer;
import io.brokerbench.spi.ConsumerSpec;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DestinationSpec;
import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverDescription;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.DriverOption;
import io.brokerbench.spi.DriverProvider;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.SendListener;
import java.util.List;
import java.util.Map;

/** A test driver like loopback but unable to carry the stamp in a header. */
public final class NoHeaderDriverProvider implements DriverProvider {
  @Override
  public String name() {
    return "noheader";
  }

  @Override
  public String description() {
    return "test driver without header support";
  }

  @Override
  public List<DriverOption> options() {
    return List.of();
  }

  @Override
  public Driver open(Map<String, String> options) {
    Driver loopback = new LoopbackDriverProvider().open(Map.of());
    return new Driver() {
      @Override
      public DriverDescription description() {
        return new DriverDescription("noheader", "in-memory", false, false, "none");
      }

      @Override
      public void declare(List<DestinationSpec> destinations) throws DriverException {
        loopback.declare(destinations);
      }

      @Override
      public Producer createProducer(ProducerSpec spec, SendListener listener)
          throws DriverException {
        return loopback.createProducer(spec, listener);
      }

      @Override
      public Consumer createConsumer(ConsumerSpec spec, DeliveryListener listener)
          throws DriverException {
        return loopback.createConsumer(spec, listener);
      }

      @Override
      public void cleanup() throws DriverException {
        loopback.cleanup();
      }

      @Override
      public void close() throws DriverException {
        loopback.close();
      }
    };
  }
}
