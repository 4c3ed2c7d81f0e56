package io.brokerbench.amqp10;

import io.brokerbench.spi.AckMode;
import io.brokerbench.spi.Consumer;
import io.brokerbench.spi.ConsumerSpec;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DriverException;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.apache.qpid.protonj2.client.Connection;
import org.apache.qpid.protonj2.client.Delivery;
import org.apache.qpid.protonj2.client.DeliveryMode;
import org.apache.qpid.protonj2.client.Receiver;
import org.apache.qpid.protonj2.client.ReceiverOptions;
import org.apache.qpid.protonj2.client.Session;
import org.apache.qpid.protonj2.client.exceptions.ClientException;

/**
 * One AMQP 1.0 receiver link on its own session and connection, read by one thread.
 *
 * <p>Credit: {@link ConsumerSpec#prefetch()} (quiver's {@code --credit}), or the driver's {@code
 * credit} option when the workload gives none, managed by a {@link CreditWindow} (top up at half).
 * Acknowledgement: {@link AckMode#AUTO} asks the broker for pre-settled deliveries (at-most-once);
 * {@link AckMode#EACH} accepts each delivery after the core counted it; {@link AckMode#MULTIPLE}
 * holds deliveries and accepts them together once {@code ackEvery} are held (or when the link is
 * idle for 100 ms, or at close) — protonj2-client sends one disposition per delivery, so the batch
 * models the delay of a batched acknowledgement, not fewer frames. The stamp is read from the raw
 * encoded message by a {@link StampReader}, never by decoding a full protonj2 message.
 *
 * <p>A replier ({@link Replier}) decodes each request to answer it before accepting it.
 *
 * <p>Closing stops the reading thread, accepts what it holds, then detaches the link gracefully
 * (the accepts are queued before the detach on protonj2's connection thread), so no delivery the
 * core counted is requeued.
 */
final class Amqp10Consumer implements Consumer {
  private static final long RECEIVE_POLL_MILLIS = 100;

  private final Amqp10Config config;
  private final Connection connection;
  private final String address;
  private final DeliveryListener listener;
  private final AckMode ackMode;
  private final Receiver receiver;
  private final CreditWindow credit;
  private final RawDelivery raw = new RawDelivery();
  private final Replier replies;
  private final Delivery[] batch;
  private final Thread thread;
  private int held;
  private volatile boolean running = true;
  private boolean closed;

  Amqp10Consumer(
      Amqp10Config config,
      Connection connection,
      String address,
      ConsumerSpec spec,
      DeliveryListener listener,
      boolean replier)
      throws DriverException {
    this.config = config;
    this.connection = connection;
    this.address = address;
    this.listener = listener;
    this.ackMode = spec.ackMode();
    this.credit = new CreditWindow(spec.prefetch() > 0 ? spec.prefetch() : config.defaultCredit());
    this.batch = new Delivery[ackMode == AckMode.MULTIPLE ? Math.max(1, spec.ackEvery()) : 1];
    ReceiverOptions options =
        new ReceiverOptions()
            .creditWindow(0)
            .autoAccept(false)
            .deliveryMode(
                ackMode == AckMode.AUTO ? DeliveryMode.AT_MOST_ONCE : DeliveryMode.AT_LEAST_ONCE);
    if (config.streamOffset() != null) {
      options.sourceOptions().filters(StreamOffsets.filter(config.streamOffset()));
    }
    try {
      Session session = connection.openSession();
      this.receiver = session.openReceiver(address, options);
      receiver.openFuture().get(config.connectTimeout().toMillis(), TimeUnit.MILLISECONDS);
      receiver.addCredit(credit.initial());
      this.replies = replier ? new Replier(config, session) : null;
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw Errors.of(config, "opening a receiver from " + address, e);
    }
    this.thread =
        new Thread(this::receiveLoop, "brokerbench-amqp10-receive-" + spec.consumerIndex());
    thread.setDaemon(true);
    thread.start();
  }

  private void receiveLoop() {
    try {
      while (running) {
        Delivery delivery = receiver.receive(RECEIVE_POLL_MILLIS, TimeUnit.MILLISECONDS);
        if (delivery == null) {
          acceptHeld();
        } else {
          handle(delivery);
        }
      }
      acceptHeld();
    } catch (ClientException | IOException e) {
      if (running) {
        listener.onFailure(Errors.of(config, "receiving from " + address, e));
      }
    }
  }

  private void handle(Delivery delivery) throws ClientException, IOException {
    if (replies != null) {
      replies.answer(delivery, listener);
    } else if (raw.read(delivery)) {
      // A message without a stamp was not sent by brokerbench: it is settled but not counted.
      listener.onDelivery(
          raw.buffer(), raw.stampOffset(), raw.redelivered(), DeliveryListener.NO_TIMESTAMP);
    }
    switch (ackMode) {
      case AUTO -> {}
      case EACH -> delivery.accept();
      case MULTIPLE -> {
        batch[held++] = delivery;
        if (held == batch.length) {
          acceptHeld();
        }
      }
    }
    int add = credit.onDelivery();
    if (add > 0) {
      receiver.addCredit(add);
    }
  }

  private void acceptHeld() throws ClientException {
    for (int i = 0; i < held; i++) {
      batch[i].accept();
      batch[i] = null;
    }
    held = 0;
  }

  @Override
  public synchronized void close() throws DriverException {
    if (closed) {
      return;
    }
    closed = true;
    running = false;
    try {
      thread.join(RECEIVE_POLL_MILLIS * 20);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    LinkClose.linkThenConnection(receiver, config.connectTimeout(), connection);
  }
}
