package io.brokerbench.amqp10;

import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.OutgoingMessage;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.qpid.protonj2.client.Delivery;
import org.apache.qpid.protonj2.client.Message;
import org.apache.qpid.protonj2.client.Sender;
import org.apache.qpid.protonj2.client.SenderOptions;
import org.apache.qpid.protonj2.client.Session;
import org.apache.qpid.protonj2.client.exceptions.ClientException;
import org.apache.qpid.protonj2.engine.impl.ProtonDeliveryTagGenerator;
import org.apache.qpid.protonj2.types.Binary;

/**
 * A replier's answers: each request is decoded (its reply address and correlation id are needed),
 * shown to the core, and its body sent back to its reply address with its correlation id, through a
 * sender per reply address opened on the replier's session.
 */
final class Replier {
  private final Amqp10Config config;
  private final Session session;
  private final Map<String, Sender> senders = new HashMap<>();

  Replier(Amqp10Config config, Session session) {
    this.config = config;
    this.session = session;
  }

  /** Hands the request to the listener, then replies to it. Called on the receiving thread. */
  void answer(Delivery delivery, DeliveryListener listener) throws ClientException {
    Message<?> request = delivery.message();
    byte[] body = request.body() instanceof byte[] bytes ? bytes : null;
    byte[] stamp = body != null && body.length >= OutgoingMessage.STAMP_BYTES ? body : null;
    Binary stampProperty = null;
    if (stamp == null && request.property(StampedMessage.STAMP_PROPERTY) instanceof Binary b) {
      stampProperty = b;
      stamp = b.asByteArray();
    }
    if (stamp == null) {
      // Not a request brokerbench sent: settled, not counted, not answered.
      return;
    }
    listener.onDelivery(stamp, 0, request.deliveryCount() > 0, DeliveryListener.NO_TIMESTAMP);
    String replyTo = request.replyTo();
    if (replyTo == null) {
      return;
    }
    Message<byte[]> reply = Message.create(body).correlationId(request.correlationId());
    if (stampProperty != null) {
      reply.property(StampedMessage.STAMP_PROPERTY, stampProperty);
    }
    sender(replyTo).send(reply);
  }

  private Sender sender(String address) throws ClientException {
    Sender sender = senders.get(address);
    if (sender == null) {
      // Never-reused tags: with the client's default pooled tags, a loaded Qpid Broker-J still
      // held a reused tag as unsettled and closed the replier's link ("Delivery-tag ... is used
      // by another unsettled delivery").
      sender =
          session.openSender(
              address,
              new SenderOptions()
                  .deliveryTagGeneratorSupplier(
                      ProtonDeliveryTagGenerator.BUILTIN.SEQUENTIAL::createGenerator));
      try {
        sender.openFuture().get(config.connectTimeout().toMillis(), TimeUnit.MILLISECONDS);
      } catch (Exception e) {
        if (e instanceof InterruptedException) {
          Thread.currentThread().interrupt();
        }
        throw new ClientException("cannot open a sender to reply address " + address, e);
      }
      senders.put(address, sender);
    }
    return sender;
  }
}
