package io.brokerbench.spi;

import java.util.List;
import java.util.Objects;

/**
 * A protocol-specific option a driver accepts, described so a command line or configuration file
 * can offer it without knowing the protocol. Drivers make it from a {@link DeclaredOption}, which
 * also parses the option's value, so help and parsing agree.
 *
 * @param name long name without dashes, such as {@code uri}
 * @param aliases other names, with their dashes, such as {@code -h} for PerfTest compatibility
 * @param description one line of help text
 * @param defaultValue the value used when the option is absent, or null when there is none
 * @param flag true for a boolean: given without a value it means {@code true}; it also takes {@code
 *     true} or {@code false}
 * @param secret true when the value must never be printed (passwords, secret keys)
 * @param positional true for the one option a command line may give without its name, right after
 *     the driver's name (such as quiver's {@code //HOST:PORT/ADDRESS})
 */
public record DriverOption(
    String name,
    List<String> aliases,
    String description,
    String defaultValue,
    boolean flag,
    boolean secret,
    boolean positional) {

  /** Validates and copies the aliases. */
  public DriverOption {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    aliases = List.copyOf(aliases);
  }

  /** A copy of this option with extra names, such as a tool's short option. */
  public DriverOption withAliases(String... names) {
    return new DriverOption(
        name, List.of(names), description, defaultValue, flag, secret, positional);
  }

  /** A copy of this option whose value is never printed. */
  public DriverOption asSecret() {
    return new DriverOption(name, aliases, description, defaultValue, flag, true, positional);
  }

  /** A copy of this option that may also be given without its name, right after the driver. */
  public DriverOption asPositional() {
    return new DriverOption(name, aliases, description, defaultValue, flag, secret, true);
  }
}
