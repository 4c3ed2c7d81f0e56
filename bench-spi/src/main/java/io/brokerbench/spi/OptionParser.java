package io.brokerbench.spi;

/**
 * Turns the text of one option into its value.
 *
 * @param <T> the value's type
 */
@FunctionalInterface
public interface OptionParser<T> {

  /**
   * Parses a trimmed, non-empty text.
   *
   * @throws IllegalArgumentException when the text is not accepted; its message, when not null, is
   *     a few words saying why (such as {@code the port is not a number}), shown after what the
   *     option accepts
   */
  T parse(String text);
}
