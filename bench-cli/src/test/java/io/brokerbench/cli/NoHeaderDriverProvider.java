package io.brokerbench.cli;

import io.brokerbench.contract.DelegatingDriver;
import io.brokerbench.loopback.LoopbackDriverProvider;
import io.brokerbench.spi.BrokerIdentity;
import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverDescription;
import io.brokerbench.spi.DriverOption;
import io.brokerbench.spi.DriverProvider;
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
    return new DelegatingDriver(new LoopbackDriverProvider().open(Map.of())) {
      @Override
      public DriverDescription description() {
        return new DriverDescription(
            "noheader", "in-memory", false, false, "none", BrokerIdentity.UNKNOWN);
      }
    };
  }
}
