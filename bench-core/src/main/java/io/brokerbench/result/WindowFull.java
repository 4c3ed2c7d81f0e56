package io.brokerbench.result;

import java.util.Locale;

/**
 * Whether the generator's own in-flight window held its scheduled sends back. A scheduled send that
 * finds the window full waits for a confirm (or reply) before it leaves: at that moment the
 * workload's window setting, not the schedule, sets the pace, and latency from intended send
 * includes a wait a larger window would not have had.
 */
public final class WindowFull {
  /** The share of sends that may wait for the window before the run is suspect. */
  static final double SHARE = 0.01;

  private WindowFull() {}

  /**
   * The warning for a run in which at least {@value #SHARE} of the measured sends waited for the
   * window, or null.
   *
   * @param counts the measured span's counts
   * @param window the workload's in-flight window
   */
  public static Warning of(MessageCounts counts, int window) {
    if (counts.sent() == 0 || counts.windowWaits() < SHARE * counts.sent()) {
      return null;
    }
    return new Warning(
        Warning.WINDOW_FULL,
        String.format(
            Locale.ROOT,
            "WINDOW_FULL: %d of %d sends (%.1f %%) found the in-flight window of %d full at their"
                + " intended time and waited for a confirm or reply: the generator's window set"
                + " their pace, not the schedule; raise -c or lower the rate",
            counts.windowWaits(),
            counts.sent(),
            100.0 * counts.windowWaits() / counts.sent(),
            window));
  }
}
