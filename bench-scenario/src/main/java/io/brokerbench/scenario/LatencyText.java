package io.brokerbench.scenario;

import java.util.Locale;

/** Latencies as people read them: µs below 10 ms, then ms, then s. */
final class LatencyText {
  private LatencyText() {}

  static String text(double micros) {
    if (micros < 10_000) {
      return String.format(Locale.ROOT, "%.0fus", micros);
    }
    if (micros < 10_000_000) {
      return String.format(Locale.ROOT, "%.1fms", micros / 1000);
    }
    return String.format(Locale.ROOT, "%.1fs", micros / 1_000_000);
  }
}
