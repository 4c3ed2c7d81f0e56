package io.brokerbench.amqp10;

import io.brokerbench.spi.ReplyListener;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.apache.qpid.protonj2.client.Connection;
import org.apache.qpid.protonj2.client.Delivery;
import org.apache.qpid.protonj2.client.Receiver;
import org.apache.qpid.protonj2.client.ReceiverOptions;
import org.apache.qpid.protonj2.client.exceptions.ClientException;

/**
 * A requester's replies on a dynamic receiver, a node the broker creates for it, on its own session
 * and thread of the requester's protonj2-client connection; each reply's stamp goes to the core,
 * and the reply is accepted.
 */
final class ReplyReceiver implements AutoCloseable {
  private static final long RECEIVE_POLL_MILLIS = 100;

  private final Amqp10Config config;
  private final Receiver receiver;
  private final ReplyListener replies;
  private final RawDelivery raw = new RawDelivery();
  private final Thread thread;
  private volatile boolean running = true;

  /** Opens the dynamic receiver and starts reading. */
  ReplyReceiver(Amqp10Config config, Connection connection, ReplyListener replies, int index)
      throws Exception {
    this.config = config;
    this.replies = replies;
    ReceiverOptions options = new ReceiverOptions().autoAccept(false);
    this.receiver = connection.openSession().openDynamicReceiver(options);
    receiver.openFuture().get(config.connectTimeout().toMillis(), TimeUnit.MILLISECONDS);
    this.thread = new Thread(this::receiveLoop, "brokerbench-amqp10-replies-" + index);
    thread.setDaemon(true);
    thread.start();
  }

  /** The address requests carry as their reply-to. */
  String address() throws ClientException {
    return receiver.address();
  }

  private void receiveLoop() {
    try {
      while (running) {
        Delivery delivery = receiver.receive(RECEIVE_POLL_MILLIS, TimeUnit.MILLISECONDS);
        if (delivery != null) {
          if (raw.read(delivery)) {
            replies.onReply(raw.buffer(), raw.stampOffset());
          }
          delivery.accept();
        }
      }
    } catch (ClientException | IOException e) {
      if (running) {
        replies.onFailure(Errors.of(config, "receiving replies", e));
      }
    }
  }

  @Override
  public void close() {
    running = false;
    try {
      thread.join(RECEIVE_POLL_MILLIS * 20);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      receiver.closeAsync().get(config.connectTimeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      // The requester's connection closes next, which ends the link anyway.
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
