package io.brokerbench.amqp10;

import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.ReplyListener;
import io.brokerbench.spi.SendListener;
import io.brokerbench.spi.SendOutcome;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import org.apache.qpid.protonj2.client.Connection;
import org.apache.qpid.protonj2.client.DeliveryMode;
import org.apache.qpid.protonj2.client.DurabilityMode;
import org.apache.qpid.protonj2.client.Sender;
import org.apache.qpid.protonj2.client.SenderOptions;
import org.apache.qpid.protonj2.client.Session;
import org.apache.qpid.protonj2.client.Tracker;
import org.apache.qpid.protonj2.client.exceptions.ClientException;
import org.apache.qpid.protonj2.engine.impl.ProtonDeliveryTagGenerator;

/**
 * One AMQP 1.0 sender link on its own session and connection.
 *
 * <p>{@link #trySend} hands the reused {@link StampedMessage} to protonj2's non-blocking {@code
 * trySend} (false when the link has no credit) and records the returned tracker in a {@link
 * SettlementRing}; a settlement thread per producer confirms trackers in order as the broker
 * settles them, waiting on the oldest one's settlement future only when none is settled. The
 * sequential delivery-tag generator is used because protonj2's default pool repeats tags after 256
 * unsettled deliveries, which strict brokers reject. In pre-settled mode, or when the workload asks
 * for no confirms, each message is confirmed as soon as protonj2 took it. A requester's messages
 * carry the address of its {@link ReplyReceiver} as their reply-to.
 */
final class Amqp10Producer implements Producer {
  private static final long IDLE_PARK_NANOS = 1_000_000;
  private static final long SETTLE_WAIT_MILLIS = 100;

  private final Amqp10Config config;
  private final Connection connection;
  private final String address;
  private final SendListener listener;
  private final Sender sender;
  private final StampedMessage message;
  private final ReplyReceiver replyReceiver;
  private final SettlementRing<Tracker> ring;
  private final Thread settler;
  private volatile boolean running = true;
  private volatile boolean settlerWaiting;
  private boolean closed;

  Amqp10Producer(
      Amqp10Config config,
      Connection connection,
      String address,
      ProducerSpec spec,
      SendListener listener)
      throws DriverException {
    this(config, connection, address, spec, listener, null, null);
  }

  /**
   * A requester when {@code replies} is given: its messages carry {@code replyAddress}, a queue the
   * driver reads for it, or, when that is null, the address of a dynamic {@link ReplyReceiver} of
   * its own.
   */
  Amqp10Producer(
      Amqp10Config config,
      Connection connection,
      String address,
      ProducerSpec spec,
      SendListener listener,
      ReplyListener replies,
      String replyAddress)
      throws DriverException {
    this.config = config;
    this.connection = connection;
    this.address = address;
    this.listener = listener;
    String correlationId = "brokerbench-requester-" + spec.producerIndex();
    if (replies != null && replyAddress != null) {
      this.replyReceiver = null;
      this.message = new StampedMessage(spec.persistent(), replyAddress, correlationId);
    } else if (replies != null) {
      try {
        this.replyReceiver = new ReplyReceiver(config, connection, replies, spec.producerIndex());
        this.message =
            new StampedMessage(spec.persistent(), replyReceiver.address(), correlationId);
      } catch (Exception e) {
        if (e instanceof InterruptedException) {
          Thread.currentThread().interrupt();
        }
        throw Errors.of(config, "opening a dynamic reply receiver", e);
      }
    } else {
      this.replyReceiver = null;
      this.message = new StampedMessage(spec.persistent());
    }
    SenderOptions options =
        new SenderOptions()
            .deliveryMode(
                config.presettled() ? DeliveryMode.AT_MOST_ONCE : DeliveryMode.AT_LEAST_ONCE)
            .deliveryTagGeneratorSupplier(
                ProtonDeliveryTagGenerator.BUILTIN.SEQUENTIAL::createGenerator);
    if (spec.persistent() && address.startsWith("/queue/")) {
      // RabbitMQ 3.x declares /queue/NAME itself and wants the terminus durability to match.
      options.targetOptions().durabilityMode(DurabilityMode.CONFIGURATION);
    }
    try {
      Session session = connection.openSession();
      this.sender = session.openSender(address, options);
      sender.openFuture().get(config.connectTimeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw Errors.of(config, "opening a sender to " + address, e);
    }
    if (spec.confirms() && !config.presettled()) {
      ring = new SettlementRing<>(spec.inFlightWindow(), SettlementRing.TRACKERS);
      settler = new Thread(this::settleLoop, "brokerbench-amqp10-settle-" + spec.producerIndex());
      settler.setDaemon(true);
      settler.start();
    } else {
      ring = null;
      settler = null;
    }
  }

  @Override
  public boolean trySend(OutgoingMessage outgoing) throws DriverException {
    Tracker tracker;
    try {
      tracker = sender.trySend(message.bind(outgoing));
    } catch (ClientException e) {
      throw Errors.of(config, "sending to " + address, e);
    }
    if (tracker == null) {
      return false;
    }
    if (ring == null) {
      listener.onConfirm(outgoing.sequence(), false, SendOutcome.ACCEPTED);
      return true;
    }
    ring.add(outgoing.sequence(), tracker);
    if (settlerWaiting) {
      LockSupport.unpark(settler);
    }
    return true;
  }

  private void settleLoop() {
    while (running) {
      if (ring.reportSettled(listener) > 0) {
        continue;
      }
      Tracker oldest = ring.oldest();
      if (oldest == null) {
        settlerWaiting = true;
        if (ring.oldest() == null && running) {
          LockSupport.parkNanos(IDLE_PARK_NANOS);
        }
        settlerWaiting = false;
        continue;
      }
      try {
        oldest.settlementFuture().get(SETTLE_WAIT_MILLIS, TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        // not settled yet: look again (and notice a close)
      } catch (ExecutionException e) {
        if (running) {
          listener.onFailure(
              Errors.of(
                  config,
                  "waiting for settlement of message "
                      + ring.oldestSequence()
                      + " sent to "
                      + address,
                  e));
        }
        return;
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  @Override
  public synchronized void close() throws DriverException {
    if (closed) {
      return;
    }
    closed = true;
    running = false;
    if (settler != null) {
      LockSupport.unpark(settler);
      try {
        settler.join(SETTLE_WAIT_MILLIS * 5);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (replyReceiver != null) {
      replyReceiver.close();
    }
    LinkClose.linkThenConnection(sender, config.connectTimeout(), connection);
  }
}
