package io.brokerbench.amqp10;

import io.brokerbench.workload.WorkloadException;
import java.util.Date;
import java.util.Locale;
import java.util.Map;

/**
 * RabbitMQ's stream offset source filter ({@code rabbitmq:stream-offset-spec}).
 *
 * <p>The value must reach the broker as a plain AMQP value (a string, a long or a timestamp):
 * protonj2's {@code SourceOptions.addFilter} wraps it in a described type, which RabbitMQ 3.10
 * ignores silently, so the filter map is given to {@code SourceOptions.filters} directly.
 */
final class StreamOffsets {
  /** The filter's key. */
  static final String FILTER = "rabbitmq:stream-offset-spec";

  private StreamOffsets() {}

  /**
   * Parses {@code first}, {@code last}, {@code next}, a numeric offset or {@code
   * timestamp:EPOCH_SECONDS}.
   *
   * @return the filter value (a String, Long or Date), or null when {@code value} is null
   */
  static Object parse(String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    String v = value.trim().toLowerCase(Locale.ROOT);
    switch (v) {
      case "first", "last", "next" -> {
        return v;
      }
      default -> {
        try {
          if (v.startsWith("timestamp:")) {
            return new Date(Long.parseLong(v.substring("timestamp:".length())) * 1000);
          }
          return Long.parseLong(v);
        } catch (NumberFormatException e) {
          throw new WorkloadException(
              "stream-offset must be first, last, next, an offset or timestamp:EPOCH_SECONDS"
                  + " (got '"
                  + value
                  + "')");
        }
      }
    }
  }

  /** The source filter map for a parsed value. */
  static Map<String, Object> filter(Object offset) {
    return Map.of(FILTER, offset);
  }
}
