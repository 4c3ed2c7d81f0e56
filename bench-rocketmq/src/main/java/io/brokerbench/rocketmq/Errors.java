package io.brokerbench.rocketmq;

import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;

/**
 * Turns the client's multi-line exception messages into one line for a {@link
 * io.brokerbench.spi.DriverException}.
 */
final class Errors {
  private Errors() {}

  /** The most specific reason in a chain of causes, on one line, without the client's FAQ link. */
  static String reason(Throwable failure) {
    String reason = null;
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      String message = message(t);
      if (message != null && !message.isBlank()) {
        reason = message;
      }
    }
    if (reason == null) {
      return failure.getClass().getSimpleName();
    }
    int newline = reason.indexOf('\n');
    String line = (newline < 0 ? reason : reason.substring(0, newline)).trim();
    int faq = line.indexOf(", see http");
    return faq < 0 ? line : line.substring(0, faq);
  }

  private static String message(Throwable t) {
    if (t instanceof MQClientException e && e.getErrorMessage() != null) {
      return e.getErrorMessage();
    }
    if (t instanceof MQBrokerException e && e.getErrorMessage() != null) {
      return "broker answered " + e.getResponseCode() + ": " + e.getErrorMessage();
    }
    return t.getMessage();
  }
}
