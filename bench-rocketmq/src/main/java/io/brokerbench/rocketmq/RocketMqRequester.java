package io.brokerbench.rocketmq;

import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ReplyListener;
import io.brokerbench.spi.SendListener;
import io.brokerbench.spi.SendOutcome;
import java.time.Duration;
import org.apache.rocketmq.client.exception.RequestTimeoutException;
import org.apache.rocketmq.client.impl.factory.MQClientInstance;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.RequestCallback;
import org.apache.rocketmq.common.message.Message;

/**
 * A requester on RocketMQ's request-reply API: each request goes out with {@code request(message,
 * callback, timeout)}, which sets its correlation id and reply-to client, and its reply comes back
 * through the callback. The client keeps each request's message until its reply, so each request
 * gets a message (and a callback) of its own. A request the client refuses at once is counted as
 * failed; one whose send fails later (the broker busy, a connection lost) is sent again, each retry
 * counted, as a producer's send is; one whose reply never comes is timed out by the core
 * (RocketMQ's own, longer timeout only frees the client's bookkeeping).
 */
final class RocketMqRequester implements Producer {
  /** Sends of one request after its first, as many as the driver's producers retry a send. */
  static final int RETRIES = 2;

  private final DefaultMQProducer client;
  private final MessageStamper stamper;
  private final int bodyBytes;
  private final long timeoutMillis;
  private final SendListener listener;
  private final ReplyListener replies;
  private final byte[] scratch = new byte[OutgoingMessage.STAMP_BYTES];

  RocketMqRequester(
      DefaultMQProducer client,
      MessageStamper stamper,
      int bodyBytes,
      long timeoutMillis,
      SendListener listener,
      ReplyListener replies) {
    this.client = client;
    this.stamper = stamper;
    this.bodyBytes = bodyBytes;
    this.timeoutMillis = timeoutMillis;
    this.listener = listener;
    this.replies = replies;
  }

  /** How long a requester waits for the broker to list its client before it gives up. */
  private static final Duration REGISTRATION_WAIT = Duration.ofSeconds(15);

  /**
   * Makes the brokers of {@code topic} know the client before the first request: a broker pushes a
   * reply only to a client it has had a heartbeat from, the client's own heartbeats go every 30 s
   * to the brokers it knew by then, and a heartbeat asked for can be skipped without a word (the
   * client's heartbeat lock busy, or no route known yet): CI once saw every reply of a run lost so.
   * So the heartbeat is sent until the broker lists the client among the producer group's.
   *
   * @throws DriverException when the broker has not listed the client within the bound
   */
  @SuppressWarnings("deprecation") // getDefaultMQProducerImpl: the only way to the client instance
  static void registerForReplies(DefaultMQProducer client, String topic, TopicAdmin admin)
      throws DriverException {
    MQClientInstance instance = client.getDefaultMQProducerImpl().getMqClientFactory();
    long deadline = System.nanoTime() + REGISTRATION_WAIT.toNanos();
    while (true) {
      // False when the route is known already (another requester's), or unknown yet (a topic
      // the broker creates on first send): only then does the default topic's route name the
      // brokers, as the client's own first send would take it; a known route is kept.
      if (!instance.updateTopicRouteInfoFromNameServer(topic)
          && !instance.getTopicRouteTable().containsKey(topic)) {
        instance.updateTopicRouteInfoFromNameServer(topic, true, client);
      }
      instance.sendHeartbeatToAllBrokerWithLock();
      if (admin.knowsProducer(client.getProducerGroup(), instance.getClientId())) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new DriverException(
            "the RocketMQ brokers did not list the requesting client within "
                + REGISTRATION_WAIT.toSeconds()
                + " s, so no reply could reach it: is the broker overloaded?");
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new DriverException("interrupted while registering a RocketMQ requester", e);
      }
    }
  }

  @Override
  public boolean trySend(OutgoingMessage message) throws DriverException {
    Message request = stamper.newMessage(bodyBytes);
    stamper.stamp(message, request);
    try {
      client.request(request, new Request(request, message.sequence()), timeoutMillis);
      listener.onConfirm(message.sequence(), false, SendOutcome.ACCEPTED);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DriverException("interrupted while sending a request to RocketMQ", e);
    } catch (Exception e) {
      listener.onConfirm(message.sequence(), false, RetryingSend.outcome(e));
    }
    return true;
  }

  /** A reply: on the client's callback threads, one at a time (the core's listener needs that). */
  private synchronized void onReply(Message reply) {
    byte[] stamp = MessageStamper.stampOf(reply, scratch);
    if (stamp != null) {
      replies.onReply(stamp, 0);
    }
  }

  /** One request in flight: its reply, or its send's failure. */
  private final class Request implements RequestCallback {
    private final Message message;
    private final long sequence;
    private int retries;

    Request(Message message, long sequence) {
      this.message = message;
      this.sequence = sequence;
    }

    @Override
    public void onSuccess(Message reply) {
      onReply(reply);
    }

    /**
     * The client's timeout (the core times requests out sooner, by its own clock), or the request's
     * send failed and it never reached the broker: CI saw 134 to 660 of 1,000 requests lost so
     * under load, unanswered and unsaid, before they were sent again.
     */
    @Override
    public void onException(Throwable e) {
      if (e instanceof RequestTimeoutException || retries >= RETRIES) {
        return;
      }
      retries++;
      listener.onRetried(sequence);
      try {
        client.request(message, this, timeoutMillis);
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
      } catch (Exception refused) {
        // Refused at once this time: left unanswered, which the core times out.
      }
    }
  }

  @Override
  public void close() {}
}
