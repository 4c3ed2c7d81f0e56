package io.brokerbench.rabbitmq;

import io.brokerbench.spi.DeclaredOption;
import java.util.Locale;

/** The types of RabbitMQ queue; brokers other than RabbitMQ know only {@link #CLASSIC}. */
public enum QueueType {
  /** A classic queue (the only type most brokers know). */
  CLASSIC,
  /** A quorum queue: replicated and always durable. */
  QUORUM,
  /** A stream: an append-only log, always durable, read from an offset. */
  STREAM;

  /** The queue argument naming a queue's type. */
  public static final String ARGUMENT = "x-queue-type";

  /** The {@code queue-type} option of both RabbitMQ drivers. */
  public static final DeclaredOption<QueueType> OPTION =
      DeclaredOption.choice(
          "queue-type",
          "type of the queues the driver declares: classic, quorum or stream",
          QueueType.class,
          CLASSIC);

  /** The value of the {@code x-queue-type} argument: {@code classic}, {@code quorum}... */
  public String argument() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** True for the types RabbitMQ always keeps durable and never auto-deletes. */
  public boolean alwaysDurable() {
    return this != CLASSIC;
  }
}
