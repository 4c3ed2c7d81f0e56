package io.brokerbench.loopback;

import io.brokerbench.rate.NanoClock;
import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverOption;
import io.brokerbench.spi.DriverProvider;
import java.util.List;
import java.util.Map;

/** Provides the {@code loopback} driver. */
public final class LoopbackDriverProvider implements DriverProvider {

  @Override
  public String name() {
    return "loopback";
  }

  @Override
  public String description() {
    return "in-memory broker: the generator's own ceiling, and fault injection for tests";
  }

  @Override
  public List<DriverOption> options() {
    return LoopbackOptions.OPTIONS.help();
  }

  /** Parses the options as {@link #open} does, and opens nothing. */
  @Override
  public void check(Map<String, String> options) {
    LoopbackOptions.parse(options);
  }

  @Override
  public Driver open(Map<String, String> options) {
    return new LoopbackDriver(LoopbackOptions.parse(options), NanoClock.system());
  }
}
