package io.brokerbench.loopback;

import io.brokerbench.spi.DriverOption;
import io.brokerbench.spi.OptionValues;
import io.brokerbench.workload.WorkloadException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The loopback driver's settings.
 *
 * @param inline deliver on the producer's thread (deterministic) instead of a delivery thread
 * @param queueCapacity messages each destination holds before producers get no capacity
 * @param dropEvery drop every n-th message of each producer (confirmed, never delivered); 0 = never
 * @param duplicateEvery deliver every n-th message twice; 0 = never
 * @param reorderEvery deliver every n-th message after the one that follows it; 0 = never
 * @param retryEvery report every n-th message as sent a second time after a failed attempt (it is
 *     still delivered once); 0 = never
 * @param stallAfter the send of this message number (per producer) stalls; -1 = never
 * @param stall how long that send stalls
 */
public record LoopbackOptions(
    boolean inline,
    int queueCapacity,
    long dropEvery,
    long duplicateEvery,
    long reorderEvery,
    long retryEvery,
    long stallAfter,
    Duration stall) {

  /** Defaults: a delivery thread, 65536 messages per destination, no faults. */
  public static final LoopbackOptions DEFAULTS =
      new LoopbackOptions(false, 1 << 16, 0, 0, 0, 0, -1, Duration.ZERO);

  /** The options as the driver declares them. */
  static List<DriverOption> declared() {
    return List.of(
        DriverOption.flag("inline", "deliver on the producer's thread (deterministic, for tests)"),
        DriverOption.of("queue-capacity", "messages each destination holds", "65536"),
        DriverOption.of("drop-every", "drop every n-th message of each producer (0: never)", "0"),
        DriverOption.of("duplicate-every", "deliver every n-th message twice (0: never)", "0"),
        DriverOption.of("reorder-every", "swap every n-th message with the next (0: never)", "0"),
        DriverOption.of("retry-every", "report a retried send every n-th message (0: never)", "0"),
        DriverOption.of("stall-after", "message number whose send stalls once (-1: none)", "-1"),
        DriverOption.of("stall-ms", "how long that send stalls, milliseconds", "0"));
  }

  /** Parses option values given by name. */
  static LoopbackOptions parse(Map<String, String> options) {
    int capacity =
        (int)
            OptionValues.wholeNumber(options, "queue-capacity", DEFAULTS.queueCapacity, 2, 1 << 30);
    if (Integer.bitCount(capacity) != 1) {
      throw new WorkloadException("queue-capacity must be a power of two (got " + capacity + ")");
    }
    return new LoopbackOptions(
        OptionValues.flag(options, "inline"),
        capacity,
        OptionValues.wholeNumber(options, "drop-every", 0, 0, Long.MAX_VALUE),
        OptionValues.wholeNumber(options, "duplicate-every", 0, 0, Long.MAX_VALUE),
        OptionValues.wholeNumber(options, "reorder-every", 0, 0, Long.MAX_VALUE),
        OptionValues.wholeNumber(options, "retry-every", 0, 0, Long.MAX_VALUE),
        OptionValues.wholeNumber(options, "stall-after", -1, -1, Long.MAX_VALUE),
        Duration.ofMillis(OptionValues.wholeNumber(options, "stall-ms", 0, 0, 3_600_000)));
  }

  static boolean every(long n, long sequence) {
    return n > 0 && (sequence + 1) % n == 0;
  }
}
