package io.brokerbench.spi;

import java.util.List;
import java.util.Map;

/**
 * Creates drivers for one protocol. Registered in {@code META-INF/services} and found by {@link
 * java.util.ServiceLoader}; the CLI and the embedding API select it by {@link #name()}.
 *
 * <p>Implementations must have a public no-argument constructor and must be cheap to construct:
 * they are instantiated to list the drivers available.
 */
public interface DriverProvider {

  /** Short, lower-case name the user types, such as {@code amqp091}. */
  String name();

  /** One line describing the protocol and client library. */
  String description();

  /**
   * The protocol-specific options this driver accepts, in the order they should be documented: the
   * {@link DeclaredOption#help()} of the declarations that also parse their values.
   */
  List<DriverOption> options();

  /**
   * The name of the console report (a {@code io.brokerbench.report.ReportFormat} of bench-core)
   * this driver's users know from the tool they come from, printed beside brokerbench's own unless
   * the user chooses reports; null for none.
   */
  default String familiarReport() {
    return null;
  }

  /** Where this driver's broker is named, for tools that choose a broker; null when it has none. */
  default TargetOption target() {
    return null;
  }

  /** The short options of that tool that stand for workload options, offered for this driver. */
  default List<ToolAlias> toolAliases() {
    return List.of();
  }

  /**
   * Checks option values without opening anything (no broker is started or reached), so that a file
   * of many runs can refuse a bad value before the first run. The default checks nothing.
   *
   * @throws OptionException naming the option, the value and what it accepts
   */
  default void check(Map<String, String> options) {}

  /**
   * Opens a driver. May block (for example to start an embedded broker or open a first connection).
   *
   * @param options option values by {@link DriverOption#name()}; options the user did not give are
   *     absent, and the driver applies its own defaults
   * @throws OptionException when an option's value is not accepted, before anything is started or
   *     reached
   * @throws DriverException with a one-line message for the user when the driver cannot open
   */
  Driver open(Map<String, String> options) throws DriverException;
}
