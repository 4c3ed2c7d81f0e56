package io.brokerbench.loopback;

import io.brokerbench.spi.DriverOption;
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
 * @param stallAfter the send of this message number (per producer) stalls; -1 = never
 * @param stall how long that send stalls
 */
public record LoopbackOptions(
    boolean inline,
    int queueCapacity,
    long dropEvery,
    long duplicateEvery,
    long reorderEvery,
    long stallAfter,
    Duration stall) {

  /** Defaults: a delivery thread, 65536 messages per destination, no faults. */
  public static final LoopbackOptions DEFAULTS =
      new LoopbackOptions(false, 1 << 16, 0, 0, 0, -1, Duration.ZERO);

  /** The options as the driver declares them. */
  static List<DriverOption> declared() {
    return List.of(
        DriverOption.flag("inline", "deliver on the producer's thread (deterministic, for tests)"),
        DriverOption.of("queue-capacity", "messages each destination holds", "65536"),
        DriverOption.of("drop-every", "drop every n-th message of each producer (0: never)", "0"),
        DriverOption.of("duplicate-every", "deliver every n-th message twice (0: never)", "0"),
        DriverOption.of("reorder-every", "swap every n-th message with the next (0: never)", "0"),
        DriverOption.of("stall-after", "message number whose send stalls once (-1: none)", "-1"),
        DriverOption.of("stall-ms", "how long that send stalls, milliseconds", "0"));
  }

  /** Parses option values given by name. */
  static LoopbackOptions parse(Map<String, String> options) {
    int capacity = (int) number(options, "queue-capacity", DEFAULTS.queueCapacity);
    if (capacity < 2 || Integer.bitCount(capacity) != 1) {
      throw new WorkloadException(
          "queue-capacity must be a power of two >= 2 (got " + capacity + ")");
    }
    return new LoopbackOptions(
        Boolean.parseBoolean(options.getOrDefault("inline", "false")),
        capacity,
        number(options, "drop-every", 0),
        number(options, "duplicate-every", 0),
        number(options, "reorder-every", 0),
        number(options, "stall-after", -1),
        Duration.ofMillis(number(options, "stall-ms", 0)));
  }

  private static long number(Map<String, String> options, String name, long defaultValue) {
    String value = options.get(name);
    if (value == null) {
      return defaultValue;
    }
    try {
      return Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw new WorkloadException(name + " must be a whole number (got '" + value + "')");
    }
  }

  static boolean every(long n, long sequence) {
    return n > 0 && (sequence + 1) % n == 0;
  }
}
