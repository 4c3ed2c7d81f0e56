package io.brokerbench.cli;

import io.brokerbench.BrokerTarget;
import io.brokerbench.spi.DriverProvider;
import java.io.PrintWriter;
import java.util.Map;

/** The broker of a command that runs a driver, chosen by {@link BrokerTarget}'s rule and said. */
final class BrokerTargets {
  private BrokerTargets() {}

  /**
   * The driver options with the broker {@link BrokerTarget} chose; prints which broker and why when
   * the command line did not name it.
   */
  static Map<String, String> announced(
      DriverProvider provider, Map<String, String> options, PrintWriter out) {
    BrokerTarget target = BrokerTarget.of(provider, options, System::getenv);
    if (target.description() != null) {
      out.println("broker: " + target.description());
      out.flush();
    }
    return target.options();
  }
}
