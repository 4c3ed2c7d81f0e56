package io.brokerbench.loopback;

import io.brokerbench.spi.DeclaredOption;
import io.brokerbench.spi.DeclaredOptions;
import io.brokerbench.spi.OptionException;
import java.time.Duration;
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
 * @param refuseEvery refuse every n-th message of each producer (nacked, never delivered); 0 =
 *     never
 * @param freezeAt when the broker freezes, after the driver opened, on the driver's clock: every
 *     send due in the freeze waits for its end, on every thread alike
 * @param freeze how long the freeze lasts; zero = never
 * @param killAfter the broker dies when a producer sends this message number (counted from 0):
 *     every connection is lost; -1 = never
 * @param down how long the killed broker refuses connections, on the driver's clock; its queues and
 *     their messages survive, as durable ones do
 */
public record LoopbackOptions(
    boolean inline,
    int queueCapacity,
    long dropEvery,
    long duplicateEvery,
    long reorderEvery,
    long retryEvery,
    long stallAfter,
    Duration stall,
    long refuseEvery,
    Duration freezeAt,
    Duration freeze,
    long killAfter,
    Duration down) {

  static final DeclaredOption<Boolean> INLINE =
      DeclaredOption.flag("inline", "deliver on the producer's thread (deterministic, for tests)");
  static final DeclaredOption<Integer> QUEUE_CAPACITY =
      DeclaredOption.of(
              "queue-capacity",
              "messages each destination holds",
              LoopbackOptions::powerOfTwo,
              "a power of two from 2 to 1073741824")
          .withDefault(1 << 16);
  static final DeclaredOption<Long> DROP_EVERY =
      everyNth("drop-every", "drop every n-th message of each producer (0: never)");
  static final DeclaredOption<Long> DUPLICATE_EVERY =
      everyNth("duplicate-every", "deliver every n-th message twice (0: never)");
  static final DeclaredOption<Long> REORDER_EVERY =
      everyNth("reorder-every", "swap every n-th message with the next (0: never)");
  static final DeclaredOption<Long> RETRY_EVERY =
      everyNth("retry-every", "report a retried send every n-th message (0: never)");
  static final DeclaredOption<Long> STALL_AFTER =
      messageNumber("stall-after", "message number whose send stalls once (-1: none)");
  static final DeclaredOption<Duration> STALL =
      DeclaredOption.millis("stall-ms", "how long that send stalls, milliseconds", 0, 0, 3_600_000);
  static final DeclaredOption<Long> REFUSE_EVERY =
      everyNth("refuse-every", "refuse (nack) every n-th message (0: never)");
  static final DeclaredOption<Duration> FREEZE_AT =
      DeclaredOption.millis(
          "freeze-at-ms", "when the broker freezes, milliseconds after it opened", 0, 0, 3_600_000);
  static final DeclaredOption<Duration> FREEZE =
      DeclaredOption.millis(
          "freeze-ms", "how long the freeze lasts, milliseconds (0: never)", 0, 0, 3_600_000);
  static final DeclaredOption<Long> KILL_AFTER =
      messageNumber(
          "kill-after", "the broker dies at this message number, dropping connections (-1: never)");
  static final DeclaredOption<Duration> DOWN =
      DeclaredOption.millis(
          "down-ms",
          "how long the killed broker refuses connections, milliseconds",
          0,
          0,
          3_600_000);

  /** The options as the driver declares them. */
  static final DeclaredOptions OPTIONS =
      DeclaredOptions.of(
          INLINE,
          QUEUE_CAPACITY,
          DROP_EVERY,
          DUPLICATE_EVERY,
          REORDER_EVERY,
          RETRY_EVERY,
          STALL_AFTER,
          STALL,
          REFUSE_EVERY,
          FREEZE_AT,
          FREEZE,
          KILL_AFTER,
          DOWN);

  /** Defaults: a delivery thread, 65536 messages per destination, no faults. */
  public static final LoopbackOptions DEFAULTS = parse(Map.of());

  private static DeclaredOption<Long> everyNth(String name, String description) {
    return DeclaredOption.wholeNumber(name, description, 0, 0, Long.MAX_VALUE);
  }

  private static DeclaredOption<Long> messageNumber(String name, String description) {
    return DeclaredOption.wholeNumber(name, description, -1, -1, Long.MAX_VALUE);
  }

  private static int powerOfTwo(String text) {
    int capacity;
    try {
      capacity = Integer.parseInt(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a whole number", e);
    }
    if (capacity < 2 || capacity > 1 << 30 || Integer.bitCount(capacity) != 1) {
      throw new IllegalArgumentException();
    }
    return capacity;
  }

  /**
   * Parses option values given by name, as on the command line without the dashes: {@code
   * Map.of("inline", "true", "freeze-after", "5000", "freeze-ms", "100")}.
   *
   * @throws OptionException naming the first invalid option
   */
  public static LoopbackOptions parse(Map<String, String> options) {
    return new LoopbackOptions(
        INLINE.from(options),
        QUEUE_CAPACITY.from(options),
        DROP_EVERY.from(options),
        DUPLICATE_EVERY.from(options),
        REORDER_EVERY.from(options),
        RETRY_EVERY.from(options),
        STALL_AFTER.from(options),
        STALL.from(options),
        REFUSE_EVERY.from(options),
        FREEZE_AT.from(options),
        FREEZE.from(options),
        KILL_AFTER.from(options),
        DOWN.from(options));
  }

  static boolean every(long n, long sequence) {
    return n > 0 && (sequence + 1) % n == 0;
  }
}
