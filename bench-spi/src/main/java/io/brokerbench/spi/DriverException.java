package io.brokerbench.spi;

/**
 * A failure the user can act on: the message is one line saying what is wrong and what to do, such
 * as {@code cannot connect to 127.0.0.1:5672 (connection refused): is the broker running?}. It
 * never contains a password.
 */
public class DriverException extends Exception {
  private static final long serialVersionUID = 1L;

  /** A failure with a message for the user. */
  public DriverException(String message) {
    super(message);
  }

  /** A failure with a message for the user and the underlying cause (shown only when verbose). */
  public DriverException(String message, Throwable cause) {
    super(message, cause);
  }
}
