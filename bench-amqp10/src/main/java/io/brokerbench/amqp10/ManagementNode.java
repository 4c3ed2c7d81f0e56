package io.brokerbench.amqp10;

import io.brokerbench.rabbitmq.QueueDeclaration;
import io.brokerbench.spi.DriverException;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.qpid.protonj2.client.Connection;
import org.apache.qpid.protonj2.client.Delivery;
import org.apache.qpid.protonj2.client.DeliveryMode;
import org.apache.qpid.protonj2.client.Message;
import org.apache.qpid.protonj2.client.Receiver;
import org.apache.qpid.protonj2.client.ReceiverOptions;
import org.apache.qpid.protonj2.client.Sender;
import org.apache.qpid.protonj2.client.SenderOptions;
import org.apache.qpid.protonj2.client.Session;
import org.apache.qpid.protonj2.client.exceptions.ClientException;

/**
 * RabbitMQ 4's management over AMQP 1.0 itself ("HTTP over AMQP", version 2): requests to the
 * {@code /management} node on a pair of links, each an HTTP-like method in the subject and a path
 * in {@code to}, answered on the paired receiver with a status code in the subject. Declares and
 * deletes queues without a second protocol, on the broker's AMQP 1.0 port and credentials.
 */
final class ManagementNode implements QueueTopology {
  private static final String NODE = "/management";
  private static final String LINK_PAIR = "management-link-pair";
  private static final Map<String, Object> PAIRED = Map.of("paired", Boolean.TRUE);

  private final Amqp10Config config;
  private final Session session;
  private final Sender requests;
  private final Receiver responses;

  private ManagementNode(
      Amqp10Config config, Session session, Sender requests, Receiver responses) {
    this.config = config;
    this.session = session;
    this.requests = requests;
    this.responses = responses;
  }

  /** Attaches the link pair on its own session of {@code connection}. */
  static ManagementNode open(Amqp10Config config, Connection connection) throws DriverException {
    Session session = null;
    try {
      session = connection.openSession();
      long timeout = config.connectTimeout().toMillis();
      // A broker in a memory alarm gives no credit to this link either: a request must not wait
      // for it longer than for its answer.
      Sender requests =
          session.openSender(
              NODE,
              new SenderOptions()
                  .sendTimeout(timeout)
                  .deliveryMode(DeliveryMode.AT_MOST_ONCE)
                  .linkName(LINK_PAIR)
                  .properties(PAIRED));
      Receiver responses =
          session.openReceiver(
              NODE,
              new ReceiverOptions()
                  .deliveryMode(DeliveryMode.AT_MOST_ONCE)
                  .linkName(LINK_PAIR)
                  .properties(PAIRED)
                  .creditWindow(1));
      requests.openFuture().get(timeout, TimeUnit.MILLISECONDS);
      responses.openFuture().get(timeout, TimeUnit.MILLISECONDS);
      return new ManagementNode(config, session, requests, responses);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      if (session != null) {
        session.closeAsync();
      }
      throw new DriverException(
          "cannot reach RabbitMQ's AMQP 1.0 management node at "
              + config.hostPort()
              + " ("
              + Errors.brokerText(e)
              + "): give existing queues with declare=false",
          e);
    }
  }

  /**
   * Declares the queue unless it exists; an existing queue must have the type asked for (its
   * durability is left as it is, as over AMQP 0.9.1).
   */
  @Override
  public boolean declare(QueueDeclaration queue) throws DriverException {
    Response existing = request("GET", queue.name(), null);
    if (existing.status() == 200) {
      Object type = existing.body() instanceof Map<?, ?> info ? info.get("type") : null;
      if (type != null && !type.toString().equals(queue.type().argument())) {
        throw new DriverException(queue.existsAsAnotherType(type.toString()));
      }
      return false;
    }
    Map<String, Object> body = new HashMap<>();
    body.put("durable", queue.durable());
    body.put("exclusive", queue.exclusive());
    body.put("auto_delete", queue.autoDelete());
    body.put("arguments", new HashMap<>(queue.arguments()));
    Response created = request("PUT", queue.name(), body);
    if (created.status() != 200 && created.status() != 201) {
      throw new DriverException(
          "cannot declare "
              + queue.type().argument()
              + " queue '"
              + queue.name()
              + "' at "
              + config.hostPort()
              + ": "
              + created);
    }
    return created.status() == 201;
  }

  @Override
  public long messagesWaiting(String queue) throws DriverException {
    Response info = request("GET", queue, null);
    if (info.status() == 200
        && info.body() instanceof Map<?, ?> fields
        && fields.get("message_count") instanceof Number count) {
      return count.longValue();
    }
    throw new DriverException("cannot count the messages in queue '" + queue + "': " + info);
  }

  @Override
  public void delete(String queue) throws DriverException {
    Response deleted = request("DELETE", queue, null);
    if (deleted.status() != 200 && deleted.status() != 404) {
      throw new DriverException("cannot delete queue '" + queue + "': " + deleted);
    }
  }

  /**
   * One request and its response.
   *
   * @param status the HTTP-like status code
   * @param body the response body: a map of the queue's fields, or an error text
   */
  private record Response(int status, Object body) {
    @Override
    public String toString() {
      return "the broker answered " + status + (body == null ? "" : " " + body);
    }
  }

  private Response request(String method, String queue, Map<String, Object> body)
      throws DriverException {
    UUID id = UUID.randomUUID();
    try {
      requests.send(
          Message.create((Object) body)
              .messageId(id)
              .to("/queues/" + Amqp10Config.percentEncoded(queue))
              .subject(method)
              .replyTo("$me"));
      long deadline = System.nanoTime() + config.connectTimeout().toNanos();
      while (System.nanoTime() < deadline) {
        Delivery delivery =
            responses.receive(
                Math.max(1, (deadline - System.nanoTime()) / 1_000_000), TimeUnit.MILLISECONDS);
        if (delivery == null) {
          break;
        }
        Message<Object> response = delivery.message();
        if (id.equals(response.correlationId())) {
          return new Response(Integer.parseInt(response.subject()), response.body());
        }
      }
      throw new DriverException(
          "RabbitMQ's management node at "
              + config.hostPort()
              + " did not answer "
              + method
              + " /queues/"
              + queue
              + " within "
              + config.connectTimeout().toMillis()
              + " ms");
    } catch (ClientException | NumberFormatException e) {
      throw new DriverException(
          method + " /queues/" + queue + " failed at " + config.hostPort() + ": " + e.getMessage(),
          e);
    }
  }

  @Override
  public void close() {
    session.closeAsync();
  }
}
