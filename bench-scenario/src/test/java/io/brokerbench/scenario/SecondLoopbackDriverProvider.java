package io.brokerbench.scenario;

import io.brokerbench.loopback.LoopbackDriverProvider;
import io.brokerbench.spi.DeclaredOption;
import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.DriverOption;
import io.brokerbench.spi.DriverProvider;
import java.util.List;
import java.util.Map;

/** A second driver for driver axes: the loopback driver under another name, with other options. */
public final class SecondLoopbackDriverProvider implements DriverProvider {
  @Override
  public String name() {
    return "loopback2";
  }

  @Override
  public String description() {
    return "the loopback driver again, for tests of driver axes";
  }

  @Override
  public List<DriverOption> options() {
    return List.of(DeclaredOption.text("url", "ignored").help());
  }

  @Override
  public Driver open(Map<String, String> options) throws DriverException {
    return new LoopbackDriverProvider().open(Map.of());
  }
}
