package io.brokerbench.spi;

import java.util.regex.Pattern;

/**
 * Hides the passwords of the URIs in a text, so that a message, a log line or a report can show the
 * URIs: {@code amqp://guest:s3cret@host} becomes {@code amqp://guest:****@host}. Every driver's URI
 * forms are covered ({@code amqp://}, {@code amqps://}, quiver's {@code //HOST}), and lists of URIs
 * separated by commas.
 */
public final class UriPasswords {
  /** {@code //USER:} then the password up to the {@code @} before the host. */
  private static final Pattern PASSWORD = Pattern.compile("(//[^/:@\\s]*:)[^@/\\s]*@");

  private UriPasswords() {}

  /** {@code text} with the password of every URI in it replaced by {@code ****}. */
  public static String mask(String text) {
    return PASSWORD.matcher(text).replaceAll("$1****@");
  }
}
