package io.brokerbench.loopback;

import io.brokerbench.contract.DriverContractKit;
import io.brokerbench.spi.Driver;
import java.util.Map;

class LoopbackDriverContractTest extends DriverContractKit {
  @Override
  protected Driver openDriver() {
    return new LoopbackDriverProvider().open(Map.of());
  }

  @Override
  protected boolean confirmsTakeARoundTrip() {
    return false;
  }
}
