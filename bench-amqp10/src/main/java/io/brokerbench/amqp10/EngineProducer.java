package io.brokerbench.amqp10;

import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.SendListener;
import io.brokerbench.spi.SendOutcome;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.engine.OutgoingDelivery;
import org.apache.qpid.protonj2.engine.Sender;
import org.apache.qpid.protonj2.engine.Session;
import org.apache.qpid.protonj2.engine.impl.ProtonDeliveryTagGenerator;
import org.apache.qpid.protonj2.types.messaging.Source;
import org.apache.qpid.protonj2.types.messaging.Target;
import org.apache.qpid.protonj2.types.messaging.TerminusDurability;
import org.apache.qpid.protonj2.types.transport.ReceiverSettleMode;
import org.apache.qpid.protonj2.types.transport.SenderSettleMode;

/**
 * One AMQP 1.0 sender link on its own session and {@link EngineConnection}, driving the protonj2
 * engine directly.
 *
 * <p>{@link #trySend} encodes the message into a reused buffer and writes it as the next delivery
 * on the caller's thread (under the connection's lock; the socket write waits for {@link #flush()}
 * or a full batch); it answers false when the link has no credit. The engine reports settlements on
 * the connection's reader thread, where a {@link SettlementRing} confirms them in order: no future,
 * no thread hand-off per message.
 */
final class EngineProducer implements Producer {
  private final Amqp10Config config;
  private final EngineConnection connection;
  private final String address;
  private final SendListener listener;
  private final CreditStarvation starvation;
  private final boolean presettled;
  private final MessageEncoder encoder;
  private final Sender sender;
  private final SettlementRing<OutgoingDelivery> ring;
  private final LinkFailure link;
  private OutgoingDelivery partial;
  private ProtonBuffer partialPayload;

  EngineProducer(
      Amqp10Config config,
      EngineConnection connection,
      String address,
      ProducerSpec spec,
      SendListener listener)
      throws DriverException {
    this.config = config;
    this.connection = connection;
    this.address = address;
    this.listener = listener;
    this.link = new LinkFailure(listener::onFailure);
    this.starvation = new CreditStarvation(listener);
    this.presettled = config.presettled();
    this.encoder = new MessageEncoder(spec.persistent());
    this.ring =
        spec.confirms() && !presettled
            ? new SettlementRing<>(spec.inFlightWindow(), SettlementRing.DELIVERIES)
            : null;
    connection.purpose("sending to " + address);
    connection.lock();
    try {
      Session session = connection.connection().session();
      session.closeHandler(
          s -> linkFailed("ended the session of the sender to " + address, s.getRemoteCondition()));
      session.open();
      sender =
          configure(
              session.sender("brokerbench-sender-" + spec.producerIndex()),
              address,
              spec.persistent(),
              presettled);
      sender.openHandler(
          s -> {
            if (s.getRemoteTarget() != null) {
              link.attached();
            }
          });
      sender.detachHandler(
          s -> linkFailed("detached the sender link to " + address, s.getRemoteCondition()));
      sender.closeHandler(
          s -> linkFailed("closed the sender link to " + address, s.getRemoteCondition()));
      sender.deliveryStateUpdatedHandler(this::settled);
      sender.open();
    } finally {
      connection.unlockAndFlush();
    }
    connection.onFailure(link::fail);
    connection.await(link.attach(), "opening a sender to " + address);
  }

  /**
   * Sets up a sender link to {@code address} before it opens: target (durable configuration for a
   * persistent run's {@code /queue/} address), settle modes, sequential delivery tags.
   */
  static Sender configure(Sender sender, String address, boolean persistent, boolean presettled) {
    Target target = new Target().setAddress(address);
    if (persistent && address.startsWith("/queue/")) {
      target.setDurable(TerminusDurability.CONFIGURATION);
    }
    sender.setTarget(target);
    sender.setSource(new Source());
    sender.setSenderSettleMode(presettled ? SenderSettleMode.SETTLED : SenderSettleMode.UNSETTLED);
    sender.setReceiverSettleMode(ReceiverSettleMode.FIRST);
    sender.setDeliveryTagGenerator(ProtonDeliveryTagGenerator.BUILTIN.SEQUENTIAL.createGenerator());
    return sender;
  }

  /**
   * Writes {@code payload} as the sender's next delivery (settled before it leaves on a presettled
   * link) and tracks it: in {@code ring} until the broker settles it, or, without one, confirmed at
   * once. What the session window did not take stays readable in {@code payload}, to be finished
   * first.
   */
  static OutgoingDelivery deliver(
      Sender sender,
      boolean presettled,
      ProtonBuffer payload,
      long sequence,
      SettlementRing<OutgoingDelivery> ring,
      SendListener listener) {
    OutgoingDelivery delivery = sender.next();
    if (presettled) {
      delivery.settle();
    }
    delivery.streamBytes(payload, true);
    if (ring != null) {
      ring.add(sequence, delivery);
    } else {
      listener.onConfirm(sequence, false, SendOutcome.ACCEPTED);
    }
    return delivery;
  }

  private void linkFailed(
      String what, org.apache.qpid.protonj2.types.transport.ErrorCondition condition) {
    link.fail(connection.closedByBroker(what, condition));
  }

  /** Reader thread, under the lock: the broker updated a delivery. */
  private void settled(OutgoingDelivery delivery) {
    if (delivery.isRemotelySettled()) {
      delivery.settle();
      if (ring != null) {
        ring.reportSettled(listener);
      }
    }
  }

  @Override
  public boolean trySend(OutgoingMessage message) throws DriverException {
    connection.lock();
    try {
      DriverException failure = link.failure();
      if (failure != null) {
        throw failure;
      }
      if (partial != null && !finishPartial()) {
        return false;
      }
      if (!sender.isSendable()) {
        starvation.noCredit(System.nanoTime());
        return false;
      }
      starvation.credit();
      ProtonBuffer payload = encoder.encode(message);
      OutgoingDelivery delivery =
          deliver(sender, presettled, payload, message.sequence(), ring, listener);
      if (payload.isReadable()) {
        partial = delivery;
        partialPayload = payload;
      }
      return true;
    } catch (RuntimeException e) {
      throw Errors.of(config, "sending to " + address, e);
    } finally {
      connection.unlockDeferringWrite();
    }
  }

  /** Writes out the sends {@link #trySend} left staged. */
  @Override
  public void flush() throws DriverException {
    connection.lock();
    connection.unlockAndFlush();
    DriverException failed = connection.failure();
    if (failed != null) {
      throw failed;
    }
  }

  /** Slow path: the session window cut the last delivery short; write the rest first. */
  private boolean finishPartial() {
    partial.streamBytes(partialPayload, true);
    if (partialPayload.isReadable()) {
      return false;
    }
    partial = null;
    partialPayload = null;
    return true;
  }

  @Override
  public synchronized void close() {
    if (!link.close()) {
      return;
    }
    connection.close();
  }
}
