package io.brokerbench.amqp10;

import io.brokerbench.spi.AckMode;
import io.brokerbench.spi.Consumer;
import io.brokerbench.spi.ConsumerSpec;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DriverException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.apache.qpid.protonj2.engine.IncomingDelivery;
import org.apache.qpid.protonj2.engine.Receiver;
import org.apache.qpid.protonj2.engine.Session;
import org.apache.qpid.protonj2.types.Symbol;
import org.apache.qpid.protonj2.types.messaging.Accepted;
import org.apache.qpid.protonj2.types.messaging.Source;
import org.apache.qpid.protonj2.types.messaging.Target;
import org.apache.qpid.protonj2.types.transport.ErrorCondition;
import org.apache.qpid.protonj2.types.transport.ReceiverSettleMode;
import org.apache.qpid.protonj2.types.transport.SenderSettleMode;

/**
 * One AMQP 1.0 receiver link on its own session and {@link EngineConnection}, driving the protonj2
 * engine directly: deliveries are handled on the connection's reader thread as the engine decodes
 * them, the stamp is read from the delivery's bytes by a {@link StampReader}, and dispositions and
 * credit go out with the next socket write.
 *
 * <p>Credit and acknowledgement follow the same rules as {@link Amqp10Consumer}: a {@link
 * CreditWindow}; {@link AckMode#AUTO} pre-settled, {@link AckMode#EACH} one accept per delivery,
 * {@link AckMode#MULTIPLE} one disposition call accepting every held delivery once {@code ackEvery}
 * are held. Closing accepts what is held, then detaches and waits (bounded) for the broker's
 * detach, so no counted delivery is requeued.
 */
final class EngineConsumer implements Consumer {
  private static final Predicate<IncomingDelivery> EVERY = d -> true;
  private static final long DETACH_WAIT_MILLIS = 2_000;

  private final EngineConnection connection;
  private final DeliveryListener listener;
  private final AckMode ackMode;
  private final int ackEvery;
  private final CreditWindow credit;
  private final StampReader reader = new StampReader();
  private final Receiver receiver;
  private final LinkFailure link;
  private final CompletableFuture<Void> detached = new CompletableFuture<>();
  private byte[] buffer = new byte[256];
  private int held;

  EngineConsumer(
      Amqp10Config config,
      EngineConnection connection,
      String address,
      ConsumerSpec spec,
      DeliveryListener listener)
      throws DriverException {
    this.connection = connection;
    this.listener = listener;
    this.link = new LinkFailure(listener::onFailure);
    this.ackMode = spec.ackMode();
    this.ackEvery = Math.max(1, spec.ackEvery());
    this.credit = new CreditWindow(spec.prefetch() > 0 ? spec.prefetch() : config.defaultCredit());
    connection.purpose("receiving from " + address);
    connection.lock();
    try {
      Session session = connection.connection().session();
      session.closeHandler(
          s ->
              linkFailed(
                  "ended the session of the receiver from " + address, s.getRemoteCondition()));
      session.open();
      receiver = session.receiver("brokerbench-receiver-" + spec.consumerIndex());
      Source source = new Source().setAddress(address);
      if (config.streamOffset() != null) {
        source.setFilter(
            java.util.Map.of(Symbol.valueOf(StreamOffsets.FILTER), config.streamOffset()));
      }
      receiver.setSource(source);
      receiver.setTarget(new Target());
      receiver.setSenderSettleMode(
          ackMode == AckMode.AUTO ? SenderSettleMode.SETTLED : SenderSettleMode.UNSETTLED);
      receiver.setReceiverSettleMode(ReceiverSettleMode.FIRST);
      receiver.openHandler(
          r -> {
            if (r.getRemoteSource() != null) {
              link.attached();
            }
          });
      receiver.detachHandler(
          r -> remoteDetach("detached the receiver link from " + address, r.getRemoteCondition()));
      receiver.closeHandler(
          r -> remoteDetach("closed the receiver link from " + address, r.getRemoteCondition()));
      receiver.deliveryReadHandler(this::delivered);
      receiver.open();
    } finally {
      connection.unlockAndFlush();
    }
    connection.onFailure(link::fail);
    connection.await(link.attach(), "opening a receiver from " + address);
    connection.lock();
    try {
      receiver.addCredit(credit.initial());
    } finally {
      connection.unlockAndFlush();
    }
  }

  private void remoteDetach(String what, ErrorCondition condition) {
    detached.complete(null);
    linkFailed(what, condition);
  }

  private void linkFailed(String what, ErrorCondition condition) {
    link.fail(connection.closedByBroker(what, condition));
  }

  /** Reader thread, under the lock: a delivery arrived (possibly only in part). */
  private void delivered(IncomingDelivery delivery) {
    if (delivery.isPartial() || delivery.isAborted()) {
      return;
    }
    int length = delivery.available();
    if (length > buffer.length) {
      buffer = new byte[Math.max(length, buffer.length * 2)];
    }
    delivery.readBytes(buffer, 0, length);
    // A message without a stamp was not sent by brokerbench: it is settled but not counted.
    if (reader.read(buffer, length)) {
      listener.onDelivery(
          buffer, reader.stampOffset(), reader.redelivered(), DeliveryListener.NO_TIMESTAMP);
    }
    switch (ackMode) {
      case AUTO -> delivery.settle();
      case EACH -> delivery.disposition(Accepted.getInstance(), true);
      case MULTIPLE -> {
        if (++held == ackEvery) {
          acceptHeld();
        }
      }
    }
    int add = credit.onDelivery();
    if (add > 0) {
      receiver.addCredit(add);
    }
  }

  private void acceptHeld() {
    receiver.disposition(EVERY, Accepted.getInstance(), true);
    held = 0;
  }

  @Override
  public synchronized void close() {
    if (!link.close()) {
      return;
    }
    if (connection.failure() == null && link.failure() == null) {
      connection.lock();
      try {
        if (held > 0) {
          acceptHeld();
        }
        receiver.close();
      } catch (RuntimeException e) {
        // the engine failed meanwhile: nothing left to settle
      } finally {
        connection.unlockAndFlush();
      }
      try {
        detached.get(DETACH_WAIT_MILLIS, TimeUnit.MILLISECONDS);
      } catch (Exception e) {
        if (e instanceof InterruptedException) {
          Thread.currentThread().interrupt();
        }
      }
    }
    connection.close();
  }
}
