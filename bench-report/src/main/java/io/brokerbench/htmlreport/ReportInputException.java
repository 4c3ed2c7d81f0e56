package io.brokerbench.htmlreport;

import java.io.IOException;

/**
 * An input of {@link HtmlReport#write} that cannot be reported: missing, unreadable, not a result
 * or scenario directory, or a result of another schema. The message is one line naming the input.
 */
public final class ReportInputException extends IOException {
  private static final long serialVersionUID = 1L;

  /** An input that cannot be reported, and why, in one line. */
  public ReportInputException(String message) {
    super(message);
  }

  /** An input that cannot be reported because reading it failed. */
  public ReportInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
