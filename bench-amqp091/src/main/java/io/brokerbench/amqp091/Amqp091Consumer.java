package io.brokerbench.amqp091;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import com.rabbitmq.client.ShutdownSignalException;
import io.brokerbench.spi.AckMode;
import io.brokerbench.spi.Consumer;
import io.brokerbench.spi.ConsumerSpec;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DriverException;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Consumes one queue on its own channel with the {@link Prefetch} limits and the spec's
 * acknowledgement mode. amqp-client calls {@code handleDelivery} for one channel on one thread at a
 * time, so the acknowledgement counters need no synchronization.
 *
 * <p>Deliveries come from amqp-client's dispatch until the broker's consume-ok, and from then on
 * straight from their frames ({@link DirectDeliveryFrameHandler}); both on the connection's reader
 * thread, one after the other.
 *
 * <p>A replier answers each request on the same channel, after the listener saw it and before
 * acknowledging it: the request's body goes back to its reply address with its correlation id.
 *
 * <p>Closing cancels the subscription and waits (bounded) for the broker's cancel-ok. The client
 * dispatches that after every delivery that preceded it, so acknowledging the outstanding ones
 * there ({@link AckMode#MULTIPLE}) leaves nothing to be requeued.
 */
final class Amqp091Consumer implements Consumer {
  private static final long CANCEL_WAIT_MILLIS = 5_000;

  private final ConnectionPool.Lease lease;
  private final Channel channel;
  private final String name;
  private final Subscription subscription;
  private final String consumerTag;
  private volatile boolean closing;

  private Amqp091Consumer(
      ConnectionPool.Lease lease,
      ConsumerSpec spec,
      DeliveryListener listener,
      Prefetch prefetch,
      Map<String, Object> arguments,
      boolean replier)
      throws IOException {
    this.lease = lease;
    this.channel = lease.channel();
    this.name = "consumer " + spec.consumerIndex() + " (queue '" + spec.destination() + "')";
    prefetch.apply(channel);
    int ackEvery =
        spec.ackMode() == AckMode.MULTIPLE ? prefetch.ackEvery(Math.max(1, spec.ackEvery())) : 1;
    this.subscription = new Subscription(channel, listener, spec.ackMode(), ackEvery, replier);
    this.consumerTag =
        channel.basicConsume(
            spec.destination(), spec.ackMode() == AckMode.AUTO, arguments, subscription);
  }

  /**
   * Sets up and starts a consumer on a leased channel, a replier when {@code replier} is set;
   * releases the lease when that fails.
   */
  static Amqp091Consumer create(
      ConnectionPool.Lease lease,
      ConsumerSpec spec,
      DeliveryListener listener,
      Prefetch prefetch,
      Map<String, Object> arguments,
      boolean replier)
      throws DriverException {
    try {
      return new Amqp091Consumer(lease, spec, listener, prefetch, arguments, replier);
    } catch (IOException | RuntimeException e) {
      lease.release();
      throw Amqp091Errors.operationFailed(
          "consume from queue '" + spec.destination() + "' on " + lease.address().endpoint(), e);
    }
  }

  /** The channel the consumer receives on. */
  Channel channel() {
    return channel;
  }

  @Override
  public void close() {
    if (closing) {
      return;
    }
    closing = true;
    try {
      if (channel.isOpen()) {
        channel.basicCancel(consumerTag);
        subscription.cancelled.await(CANCEL_WAIT_MILLIS, TimeUnit.MILLISECONDS);
      }
    } catch (IOException | RuntimeException e) {
      // The channel closed meanwhile: the broker requeues what was unacknowledged, as it must.
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      lease.release();
    }
  }

  /** The amqp-client callback: hands deliveries to the listener and acknowledges them. */
  private final class Subscription extends DefaultConsumer {
    private final DeliveryListener listener;
    private final AckMode ackMode;
    private final int ackEvery;
    private final boolean replier;
    private final CountDownLatch cancelled = new CountDownLatch(1);
    // A replier's reply properties by correlation id: one per requester, built once.
    private final Map<String, AMQP.BasicProperties> replyProperties = new HashMap<>();
    private int unacknowledged;
    private long lastTag;

    Subscription(
        Channel channel,
        DeliveryListener listener,
        AckMode ackMode,
        int ackEvery,
        boolean replier) {
      super(channel);
      this.listener = listener;
      this.ackMode = ackMode;
      this.ackEvery = ackEvery;
      this.replier = replier;
    }

    @Override
    public void handleConsumeOk(String tag) {
      // A replier needs each request's reply address, which only amqp-client's dispatch decodes.
      if (!replier) {
        DirectDeliveryFrameHandler.of(getChannel())
            .ifPresent(frames -> frames.subscribe(getChannel(), tag, this::onDirectDelivery));
      }
    }

    @Override
    public void handleDelivery(
        String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body) {
      listener.onDelivery(
          PublishEncoder.stampOf(body, properties),
          0,
          envelope.isRedeliver(),
          DeliveryListener.NO_TIMESTAMP);
      if (replier && properties.getReplyTo() != null) {
        reply(properties, body);
      }
      acknowledge(envelope.getDeliveryTag());
    }

    /** Sends the request's body back to its reply address, with its correlation id. */
    private void reply(AMQP.BasicProperties request, byte[] body) {
      String correlationId = request.getCorrelationId();
      AMQP.BasicProperties properties =
          replyProperties.computeIfAbsent(
              correlationId == null ? "" : correlationId,
              id -> new AMQP.BasicProperties.Builder().correlationId(correlationId).build());
      try {
        getChannel().basicPublish("", request.getReplyTo(), properties, body);
      } catch (IOException | RuntimeException e) {
        failed(e);
      }
    }

    private void onDirectDelivery(
        long deliveryTag, boolean redelivered, DirectDeliveryFrameHandler.Content content) {
      PublishEncoder.announce(listener, redelivered, content);
      acknowledge(deliveryTag);
    }

    /** Acknowledges the delivery the listener just had, as the consumer's mode says. */
    private void acknowledge(long deliveryTag) {
      if (ackMode == AckMode.AUTO) {
        return;
      }
      try {
        if (ackMode == AckMode.EACH) {
          getChannel().basicAck(deliveryTag, false);
          return;
        }
        lastTag = deliveryTag;
        if (++unacknowledged >= ackEvery) {
          getChannel().basicAck(deliveryTag, true);
          unacknowledged = 0;
        }
      } catch (IOException | RuntimeException e) {
        failed(e);
      }
    }

    @Override
    public void handleCancelOk(String tag) {
      unsubscribe();
      try {
        if (unacknowledged > 0) {
          getChannel().basicAck(lastTag, true);
          unacknowledged = 0;
        }
      } catch (IOException | RuntimeException e) {
        // Closing: the broker requeues what stays unacknowledged.
      } finally {
        cancelled.countDown();
      }
    }

    @Override
    public void handleCancel(String tag) {
      unsubscribe();
      cancelled.countDown();
      if (!closing) {
        listener.onFailure(
            new DriverException(
                name + " stopped: the broker cancelled it (was the queue deleted?)"));
      }
    }

    @Override
    public void handleShutdownSignal(String tag, ShutdownSignalException cause) {
      unsubscribe();
      cancelled.countDown();
      if (!closing && !cause.isInitiatedByApplication()) {
        listener.onFailure(Amqp091Errors.closedWhileRunning(name, lease.address(), cause));
      }
    }

    private void unsubscribe() {
      DirectDeliveryFrameHandler.of(getChannel())
          .ifPresent(frames -> frames.unsubscribe(getChannel()));
    }

    private void failed(Exception e) {
      if (!closing) {
        listener.onFailure(Amqp091Errors.closedWhileRunning(name, lease.address(), e));
      }
    }
  }
}
