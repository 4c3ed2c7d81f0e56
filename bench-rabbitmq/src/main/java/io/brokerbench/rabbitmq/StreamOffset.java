package io.brokerbench.rabbitmq;

import io.brokerbench.spi.DeclaredOption;
import io.brokerbench.spi.StreamStart;
import java.time.Clock;
import java.util.Date;

/**
 * Where a RabbitMQ stream consumer starts, as the broker reads it in the AMQP 0.9.1 consumer
 * argument {@code x-stream-offset} and the AMQP 1.0 source filter {@code
 * rabbitmq:stream-offset-spec}: a String ({@code first}, {@code last}, {@code next}), a Long offset
 * or a Date.
 */
public final class StreamOffset {
  /** The AMQP 0.9.1 consumer argument. */
  public static final String CONSUMER_ARGUMENT = "x-stream-offset";

  /**
   * The {@code stream-offset} option of both RabbitMQ drivers; absent: the broker's {@code next}.
   */
  public static final DeclaredOption<StreamStart> OPTION =
      DeclaredOption.of(
              "stream-offset",
              "where stream consumers start: " + StreamStart.SYNTAX,
              StreamStart.parser(Clock.systemUTC()),
              StreamStart.SYNTAX)
          .withDefault(null, "next");

  private StreamOffset() {}

  /** The value RabbitMQ reads for {@code start}. */
  public static Object value(StreamStart start) {
    return switch (start.kind()) {
      case FIRST, LAST, NEXT -> start.toString();
      case OFFSET -> start.offset();
      case TIMESTAMP -> Date.from(start.time());
    };
  }
}
