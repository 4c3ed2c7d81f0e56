package io.brokerbench.spi;

import java.time.Clock;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * Where consumers of a log (a RabbitMQ stream, a RocketMQ consumer group without a committed
 * offset) start reading, written alike for every driver:
 *
 * <pre>{@code
 * first | last | next | offset:N | N | timestamp:TIME | TIME | DURATION ago
 * }</pre>
 *
 * <p>{@code TIME} is an ISO-8601 instant ({@code 2026-01-31T12:00:00Z}), epoch milliseconds, or the
 * RocketMQ tool's {@code yyyyMMddHHmmss} in the local time zone (fourteen digits); {@code DURATION}
 * is a number with {@code ms}, {@code s}, {@code m}, {@code h} or {@code d}, or an ISO-8601
 * duration ({@code PT10M}), so {@code 10m ago} starts ten minutes before the options are read.
 * {@code last} is the last stored chunk or message, {@code next} only messages sent after the
 * consumer starts.
 *
 * <pre>{@code
 * StreamStart start = StreamStart.parse("timestamp:2026-01-31T12:00:00Z", Clock.systemUTC());
 * start.kind();  // TIMESTAMP
 * start.time();  // 2026-01-31T12:00:00Z
 * }</pre>
 *
 * @param kind what the start is
 * @param offset the offset, for {@link Kind#OFFSET}; else 0
 * @param time the instant, for {@link Kind#TIMESTAMP}; else null
 */
public record StreamStart(Kind kind, long offset, Instant time) {

  /** What {@link #parse} accepts, for help and error messages. */
  public static final String SYNTAX =
      "first, last, next, offset:N, timestamp:TIME (ISO-8601, epoch milliseconds or"
          + " yyyyMMddHHmmss) or DURATION ago (such as 10m ago)";

  /** The kinds of start. */
  public enum Kind {
    /** The first message stored. */
    FIRST,
    /** The last message (or chunk) stored. */
    LAST,
    /** Only messages stored after the consumer starts. */
    NEXT,
    /** A numeric offset. */
    OFFSET,
    /** The first message stored at or after a time. */
    TIMESTAMP
  }

  private static final String TIMESTAMP_PREFIX = "timestamp:";
  private static final String OFFSET_PREFIX = "offset:";
  private static final String AGO_SUFFIX = " ago";
  private static final int ROCKETMQ_TIME_DIGITS = 14;
  private static final DateTimeFormatter ROCKETMQ_TIME =
      DateTimeFormatter.ofPattern("yyyyMMddHHmmss", Locale.ROOT);

  /** The parser of a driver option, reading {@code DURATION ago} against {@code clock}. */
  public static OptionParser<StreamStart> parser(Clock clock) {
    return text -> parse(text, clock);
  }

  /**
   * Parses one of the forms above.
   *
   * @throws IllegalArgumentException when {@code text} is none of them
   */
  public static StreamStart parse(String text, Clock clock) {
    String value = text.trim().toLowerCase(Locale.ROOT);
    switch (value) {
      case "first" -> {
        return new StreamStart(Kind.FIRST, 0, null);
      }
      case "last" -> {
        return new StreamStart(Kind.LAST, 0, null);
      }
      case "next" -> {
        return new StreamStart(Kind.NEXT, 0, null);
      }
      default -> {
        // The forms below are told apart by their prefix, suffix or shape.
      }
    }
    if (value.startsWith(OFFSET_PREFIX)) {
      return offset(value.substring(OFFSET_PREFIX.length()));
    }
    if (value.endsWith(AGO_SUFFIX)) {
      Duration ago = duration(value.substring(0, value.length() - AGO_SUFFIX.length()).trim());
      return new StreamStart(Kind.TIMESTAMP, 0, clock.instant().minus(ago));
    }
    if (value.startsWith(TIMESTAMP_PREFIX)) {
      return new StreamStart(
          Kind.TIMESTAMP, 0, time(text.trim().substring(TIMESTAMP_PREFIX.length()).trim()));
    }
    if (isDigits(value)) {
      return offset(value);
    }
    return new StreamStart(Kind.TIMESTAMP, 0, time(text.trim()));
  }

  private static StreamStart offset(String digits) {
    if (!isDigits(digits)) {
      throw new IllegalArgumentException("an offset is a whole number from 0 up");
    }
    try {
      return new StreamStart(Kind.OFFSET, Long.parseLong(digits), null);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("the offset is too large", e);
    }
  }

  private static Instant time(String text) {
    try {
      if (isDigits(text) && text.length() == ROCKETMQ_TIME_DIGITS) {
        return LocalDateTime.parse(text, ROCKETMQ_TIME).atZone(ZoneId.systemDefault()).toInstant();
      }
      if (isDigits(text)) {
        return Instant.ofEpochMilli(Long.parseLong(text));
      }
      return Instant.parse(text.toUpperCase(Locale.ROOT));
    } catch (DateTimeException | NumberFormatException e) {
      throw new IllegalArgumentException("'" + text + "' is not a time", e);
    }
  }

  private static Duration duration(String text) {
    try {
      if (text.startsWith("p")) {
        return Duration.parse(text.toUpperCase(Locale.ROOT));
      }
      int unit = 0;
      while (unit < text.length() && Character.isDigit(text.charAt(unit))) {
        unit++;
      }
      long amount = Long.parseLong(text.substring(0, unit));
      return switch (text.substring(unit).trim()) {
        case "ms" -> Duration.ofMillis(amount);
        case "s" -> Duration.ofSeconds(amount);
        case "m" -> Duration.ofMinutes(amount);
        case "h" -> Duration.ofHours(amount);
        case "d" -> Duration.ofDays(amount);
        default -> throw new IllegalArgumentException("a duration ends with ms, s, m, h or d");
      };
    } catch (DateTimeException | ArithmeticException | NumberFormatException e) {
      throw new IllegalArgumentException("'" + text + "' is not a duration", e);
    }
  }

  private static boolean isDigits(String text) {
    return !text.isEmpty() && text.chars().allMatch(c -> c >= '0' && c <= '9');
  }

  /** The form {@link #parse} reads back: {@code first}, {@code offset:42}, {@code timestamp:…}. */
  @Override
  public String toString() {
    return switch (kind) {
      case OFFSET -> OFFSET_PREFIX + offset;
      case TIMESTAMP -> TIMESTAMP_PREFIX + time;
      default -> kind.name().toLowerCase(Locale.ROOT);
    };
  }
}
