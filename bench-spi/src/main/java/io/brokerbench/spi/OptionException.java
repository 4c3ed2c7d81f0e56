package io.brokerbench.spi;

/**
 * A driver option the user gave wrong: a value the option does not accept, or options that
 * contradict each other. The message is one line naming the option, the value (never a secret one)
 * and what is accepted, such as {@code send-mode must be async, sync or oneway (got 'bogus')}. A
 * command line reports it as a usage error, before any connection is made.
 */
public class OptionException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** A mistake described by a one-line message for the user. */
  public OptionException(String message) {
    super(message);
  }
}
