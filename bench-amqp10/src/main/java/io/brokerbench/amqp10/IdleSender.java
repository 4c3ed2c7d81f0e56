package io.brokerbench.amqp10;

import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.SendListener;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.impl.ProtonByteArrayBufferAllocator;
import org.apache.qpid.protonj2.engine.OutgoingDelivery;
import org.apache.qpid.protonj2.engine.Sender;
import org.apache.qpid.protonj2.engine.Session;

/**
 * The sender of a held connection with a light per-connection rate. The producer thread encodes
 * each message and hands a copy to the selector thread, which sends it as the next delivery once
 * the link has credit and confirms it when the broker settles it. Per message that is a copy and a
 * task: fine at a light rate, which is what this is for (the run's own producers have their own
 * connections and the allocation-free path).
 */
final class IdleSender implements Producer {
  private final IdleEngineConnections connections;
  private final Amqp10Config config;
  private final int index;
  private final String address;
  private final SendListener listener;
  private final MessageEncoder encoder;
  private final SettlementRing<OutgoingDelivery> ring;
  private final LinkFailure link;
  // Selector thread: sends waiting for credit, and the link.
  private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
  private Sender sender;
  private OutgoingDelivery partial;
  private ProtonBuffer partialPayload;

  private record Waiting(long sequence, byte[] bytes) {}

  /**
   * @param index the index of the idle connection this sender is on, for the link's name
   */
  IdleSender(
      IdleEngineConnections connections,
      Amqp10Config config,
      int index,
      String address,
      ProducerSpec spec,
      SendListener listener) {
    this.connections = connections;
    this.config = config;
    this.index = index;
    this.address = address;
    this.listener = listener;
    this.link = new LinkFailure(listener::onFailure);
    this.encoder = connections.encoder(spec.persistent());
    this.ring =
        spec.confirms() && !config.presettled()
            ? new SettlementRing<>(spec.inFlightWindow(), SettlementRing.DELIVERIES)
            : null;
  }

  /** Completes when the broker attached the link, exceptionally when it failed first. */
  CompletableFuture<Void> opened() {
    return link.attach();
  }

  /** Selector thread: opens the link on {@code session}. */
  void attach(Session session) {
    sender =
        EngineProducer.configure(
            session.sender("brokerbench-idle-sender-" + index),
            address,
            encoder.durable(),
            ring == null);
    sender.openHandler(
        s -> {
          if (s.getRemoteTarget() != null) {
            link.attached();
          }
        });
    sender.detachHandler(
        s ->
            link.fail(
                Errors.closedByBroker(
                    config, "detached the sender link to " + address, s.getRemoteCondition())));
    sender.closeHandler(
        s ->
            link.fail(
                Errors.closedByBroker(
                    config, "closed the sender link to " + address, s.getRemoteCondition())));
    sender.creditStateUpdateHandler(s -> sendWaiting());
    sender.deliveryStateUpdatedHandler(
        delivery -> {
          if (delivery.isRemotelySettled()) {
            delivery.settle();
            ring.reportSettled(listener);
          }
        });
    sender.open();
  }

  /** Selector thread: the connection failed, and the link with it. */
  void fail(DriverException e) {
    link.fail(e);
  }

  @Override
  public boolean trySend(OutgoingMessage message) throws DriverException {
    DriverException failed = link.failure();
    if (failed != null) {
      throw failed;
    }
    byte[] bytes;
    synchronized (encoder) {
      ProtonBuffer payload = encoder.encode(message);
      bytes = new byte[payload.getReadableBytes()];
      payload.readBytes(bytes, 0, bytes.length);
    }
    Waiting send = new Waiting(message.sequence(), bytes);
    connections.submit(
        () -> {
          waiting.add(send);
          sendWaiting();
        });
    return true;
  }

  /** Selector thread: sends what waits, as far as the link's credit goes. */
  private void sendWaiting() {
    try {
      if (partial != null) {
        partial.streamBytes(partialPayload, true);
        if (partialPayload.isReadable()) {
          return;
        }
        partial = null;
        partialPayload = null;
      }
      while (!waiting.isEmpty() && sender.isSendable()) {
        Waiting next = waiting.poll();
        ProtonBuffer payload = ProtonByteArrayBufferAllocator.wrapped(next.bytes());
        OutgoingDelivery delivery =
            EngineProducer.deliver(sender, ring == null, payload, next.sequence(), ring, listener);
        if (payload.isReadable()) {
          // The session window cut it short: the rest goes first next time.
          partial = delivery;
          partialPayload = payload;
          return;
        }
      }
    } catch (RuntimeException e) {
      link.fail(Errors.of(config, "sending to " + address, e));
    }
  }

  @Override
  public void close() {
    link.close();
    // The link goes with its connection, which the run closes next.
  }
}
