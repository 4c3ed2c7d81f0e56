package io.brokerbench.spi;

import java.util.regex.Pattern;

/**
 * Hides the passwords of the URIs in a text, so that a message, a log line or a report can show the
 * URIs: {@code amqp://guest:s3cret@host} becomes {@code amqp://guest:****@host}. Every driver's URI
 * forms are covered ({@code amqp://}, {@code amqps://}, quiver's {@code //HOST}), and lists of URIs
 * separated by commas.
 */
public final class UriPasswords {
  /** What a hidden password or secret value is replaced by. */
  public static final String MASK = "****";

  /** {@code //USER:} then the password up to the {@code @} before the host. */
  private static final Pattern PASSWORD = Pattern.compile("(//[^/:@\\s]*:)[^@/\\s]*@");

  private UriPasswords() {}

  /** {@code text} with the password of every URI in it replaced by {@code ****}. */
  public static String mask(String text) {
    return text == null ? null : PASSWORD.matcher(text).replaceAll("$1" + MASK + "@");
  }

  /**
   * A value of a driver option as it may be shown: {@value #MASK} for a secret option, else with
   * the passwords of its URIs masked; null stays null.
   */
  public static String shown(DriverOption option, String value) {
    if (value == null) {
      return null;
    }
    return option.secret() ? MASK : mask(value);
  }
}
