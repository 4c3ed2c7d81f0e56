package io.brokerbench.spi;

import java.util.regex.Pattern;

/**
 * Hides passwords in what a run prints or writes: the password of any {@code
 * scheme://user:password@} address in a text, and whole values of options declared {@linkplain
 * DriverOption#secret() secret}.
 *
 * <pre>{@code
 * PasswordMask.inText("amqp://guest:guest@127.0.0.1:5672")  // amqp://guest:****@127.0.0.1:5672
 * }</pre>
 */
public final class PasswordMask {
  /** What a hidden value is replaced by. */
  public static final String MASK = "****";

  private static final Pattern USER_INFO_PASSWORD = Pattern.compile("(://[^/:@\\s]*:)[^@/\\s]*@");

  private PasswordMask() {}

  /** The text with the password of every address in it replaced by {@value #MASK}. */
  public static String inText(String text) {
    return text == null ? null : USER_INFO_PASSWORD.matcher(text).replaceAll("$1" + MASK + "@");
  }

  /** The value as it may be shown for this option: masked whole when secret, else its addresses. */
  public static String value(DriverOption option, String value) {
    if (value == null) {
      return null;
    }
    return option.secret() ? MASK : inText(value);
  }
}
