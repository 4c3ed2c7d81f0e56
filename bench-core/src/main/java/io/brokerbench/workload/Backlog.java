package io.brokerbench.workload;

/**
 * A backlog the producers build before any consumer starts (the Meltwater study's 500k-message
 * backlogs, OMB's consumer backlog): consumers start once the broker holds this many of the run's
 * messages, then drain it while producers go on at their rate, or stop.
 *
 * @param messages messages to queue before the consumers start; 0 for no backlog
 * @param producersStop true when producers stop once the backlog is built (they send {@code
 *     messages} in all), false when they go on at their rate while the consumers drain
 */
public record Backlog(long messages, boolean producersStop) {
  /** No backlog: consumers start with the producers. */
  public static final Backlog NONE = new Backlog(0, false);

  /** Checks the count. */
  public Backlog {
    if (messages < 0) {
      throw new WorkloadException("backlog must be >= 0 messages (got " + messages + ")");
    }
  }

  /** True when the run builds a backlog first. */
  public boolean enabled() {
    return messages > 0;
  }

  /**
   * A backlog given as a message count ({@code 500k}) or as bytes ({@code 512MiB}, {@code 1GB}),
   * which makes as many messages of {@code messageBytes} as fill it.
   *
   * @throws WorkloadException when the text is neither
   */
  public static long messages(String text, int messageBytes) {
    String trimmed = text.trim();
    // A unit ending in B (B, kB, MiB, ...) is a size; a bare number or k/m/g is a count.
    if (trimmed.endsWith("b") || trimmed.endsWith("B")) {
      long bytes = SizeSyntax.parse(trimmed);
      return (bytes + messageBytes - 1) / messageBytes;
    }
    return CountSyntax.parse(trimmed);
  }
}
