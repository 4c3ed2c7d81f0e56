package io.brokerbench.amqp10;

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

  /** The source filter map for a value of {@link io.brokerbench.rabbitmq.StreamOffset#value}. */
  static Map<String, Object> filter(Object offset) {
    return Map.of(FILTER, offset);
  }
}
