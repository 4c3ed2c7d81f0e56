package io.brokerbench.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ShutdownSignalException;
import io.brokerbench.spi.DriverException;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A RabbitMQ queue as both RabbitMQ drivers declare it for a workload, so that runs of either
 * driver on one queue name find the queue they would have declared.
 *
 * <pre>{@code
 * QueueDeclaration.of("q", QueueType.QUORUM, destination.durable(), false, Map.of())
 *     .declareOn(channel); // durable quorum queue, or a one-line error if "q" is a classic queue
 * }</pre>
 *
 * <p>Quorum queues and streams are always durable and never auto-delete (RabbitMQ refuses
 * otherwise); a classic queue is durable when the workload's messages are persistent. Every type
 * but classic is named with {@code x-queue-type}; a classic queue is declared without it, as
 * clients other than brokerbench do, which RabbitMQ finds equivalent to {@code classic}.
 *
 * @param name the queue's name
 * @param type the queue's type
 * @param durable whether the queue survives a broker restart
 * @param exclusive whether it belongs to the declaring connection
 * @param autoDelete whether the broker deletes it when its last consumer leaves
 * @param arguments the {@code x-} arguments, the type included
 */
public record QueueDeclaration(
    String name,
    QueueType type,
    boolean durable,
    boolean exclusive,
    boolean autoDelete,
    Map<String, Object> arguments) {

  private static final Pattern INEQUIVALENT =
      Pattern.compile(
          "inequivalent arg '([^']+)' for queue .*?: received (?:the value )?'?([^' ,]+)'?.*?"
              + " but current is (?:the value )?'?([^' ,]+)'?");

  /** Copies the arguments. */
  public QueueDeclaration {
    arguments = Map.copyOf(arguments);
  }

  /**
   * The declaration of a queue of {@code type} for a workload.
   *
   * @param persistent the workload's messages are persistent: a classic queue is durable
   * @param autoDelete a classic queue goes when its last consumer leaves (ignored for the others)
   * @param extra arguments besides the type, such as {@code x-max-length-bytes}
   */
  public static QueueDeclaration of(
      String name,
      QueueType type,
      boolean persistent,
      boolean autoDelete,
      Map<String, Object> extra) {
    Map<String, Object> arguments = new HashMap<>(extra);
    if (type != QueueType.CLASSIC) {
      arguments.put(QueueType.ARGUMENT, type.argument());
    }
    return new QueueDeclaration(
        name,
        type,
        persistent || type.alwaysDurable(),
        false,
        autoDelete && !type.alwaysDurable(),
        arguments);
  }

  /**
   * What to tell a user whose queue exists as another type.
   *
   * @param current the existing queue's type, such as {@code quorum}
   */
  public String existsAsAnotherType(String current) {
    return "queue '"
        + name
        + "' exists as a "
        + current
        + " queue but queue-type "
        + type.argument()
        + " was asked: delete the queue or give queue-type "
        + current;
  }

  /** A copy declared exclusive to the declaring connection. */
  public QueueDeclaration asExclusive() {
    return new QueueDeclaration(name, type, durable, true, autoDelete, arguments);
  }

  /**
   * Declares the queue on {@code channel}; an existing queue of the same type and durability is
   * kept as it is.
   *
   * @throws DriverException naming both sides when the queue exists as another type or with another
   *     durability (the broker then has closed {@code channel})
   * @throws IOException for any other refusal
   */
  public void declareOn(Channel channel) throws IOException, DriverException {
    try {
      channel.queueDeclare(name, durable, exclusive, autoDelete, arguments);
    } catch (IOException e) {
      Inequivalence inequivalence = Inequivalence.of(e);
      if (inequivalence == null) {
        throw e;
      }
      throw new DriverException(inequivalence.message(this), e);
    }
  }

  /**
   * Checks that a queue another run made is of this declaration's type, whatever its durability and
   * auto-delete flag: AMQP 0.9.1 cannot read a queue's type, and RabbitMQ compares the flags before
   * the type, so each refused flag is flipped and the declaration tried again on a new channel. The
   * queue is left as it is.
   *
   * @throws DriverException naming both types when they differ
   * @throws IOException when the broker refuses for another reason
   */
  public void checkTypeOfExisting(Connection connection) throws IOException, DriverException {
    QueueDeclaration probe = this;
    // Durable and auto-delete: at most one flip each before the type is compared.
    for (int attempt = 0; attempt < 3; attempt++) {
      try (Channel channel = connection.createChannel()) {
        channel.queueDeclare(name, probe.durable, false, probe.autoDelete, arguments);
        return;
      } catch (IOException e) {
        Inequivalence inequivalence = Inequivalence.of(e);
        if (inequivalence == null) {
          throw e;
        }
        probe =
            switch (inequivalence.argument()) {
              case "durable" ->
                  new QueueDeclaration(
                      name, type, !probe.durable, false, probe.autoDelete, arguments);
              case "auto_delete" ->
                  new QueueDeclaration(
                      name, type, probe.durable, false, !probe.autoDelete, arguments);
              default -> throw new DriverException(inequivalence.message(this), e);
            };
      } catch (TimeoutException e) {
        throw new IOException("closing a channel timed out", e);
      }
    }
  }

  /**
   * A declaration RabbitMQ refused because the queue exists with another value of {@code argument}.
   */
  private record Inequivalence(String argument, String asked, String current) {

    /** The inequivalence RabbitMQ reported in {@code e}, or null when it reported none. */
    static Inequivalence of(Throwable e) {
      ShutdownSignalException shutdown = BrokerReplies.shutdownCause(e);
      if (shutdown == null || BrokerReplies.replyCode(shutdown) != AMQP.PRECONDITION_FAILED) {
        return null;
      }
      Matcher m = INEQUIVALENT.matcher(BrokerReplies.replyText(shutdown));
      if (!m.find()) {
        return null;
      }
      return new Inequivalence(m.group(1), m.group(2), m.group(3));
    }

    /** The one-line message for a user who asked for {@code declaration}. */
    String message(QueueDeclaration declaration) {
      String queue = "queue '" + declaration.name + "'";
      return switch (argument) {
        // A queue declared without x-queue-type is a classic one.
        case QueueType.ARGUMENT ->
            declaration.existsAsAnotherType(
                current.equals("none") ? QueueType.CLASSIC.argument() : current);
        case "durable" ->
            queue
                + " exists "
                + (current.equals("true") ? "durable" : "not durable")
                + " but this run declares it "
                + (declaration.durable
                    ? "durable (persistent messages, or not a classic queue)"
                    : "not durable")
                + ": delete the queue, or run with the same persistence as the run that made it";
        default ->
            queue
                + " exists with "
                + argument
                + " "
                + current
                + " but this run declares "
                + asked
                + ": delete the queue or declare it the same way";
      };
    }
  }
}
