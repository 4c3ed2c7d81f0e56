package io.brokerbench.loopback;

import io.brokerbench.latency.PayloadStamp;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.spi.BrokerIdentity;
import io.brokerbench.spi.Consumer;
import io.brokerbench.spi.ConsumerSpec;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DestinationSpec;
import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverDescription;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.IdleConnection;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.ReplyListener;
import io.brokerbench.spi.SendListener;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The in-memory broker. Construct it directly to inject a clock (which times the stall, the freeze
 * and the kill's outage):
 *
 * <pre>{@code
 * Driver driver = new LoopbackDriver(LoopbackOptions.DEFAULTS, NanoClock.system());
 * }</pre>
 */
public final class LoopbackDriver implements Driver {
  private final LoopbackOptions options;
  private final NanoClock clock;
  private final BrokerIncidents incidents;
  private final Map<String, LoopbackQueue> queues = new ConcurrentHashMap<>();
  private final Map<Integer, ReplyListener> requesters = new ConcurrentHashMap<>();

  /** A loopback broker with these options; the clock times the stall, freeze and outage. */
  public LoopbackDriver(LoopbackOptions options, NanoClock clock) {
    this.options = options;
    this.clock = clock;
    this.incidents =
        new BrokerIncidents(
            options,
            clock,
            () -> {
              DriverException lost = new DriverException(BrokerIncidents.KILLED);
              queues.values().forEach(q -> q.dropSubscribers(lost));
            });
  }

  @Override
  public DriverDescription description() {
    return new DriverDescription(
        "loopback", "in-memory", false, true, "none", new BrokerIdentity("loopback", "in-memory"));
  }

  @Override
  public void declare(List<DestinationSpec> destinations) {
    for (DestinationSpec d : destinations) {
      queues.computeIfAbsent(d.name(), n -> new LoopbackQueue(n, options));
    }
  }

  private LoopbackQueue queue(String name) throws DriverException {
    LoopbackQueue queue = queues.get(name);
    if (queue == null) {
      throw new DriverException("destination '" + name + "' was not declared");
    }
    return queue;
  }

  @Override
  public Producer createProducer(ProducerSpec spec, SendListener listener) throws DriverException {
    LoopbackQueue queue = queue(spec.destination());
    return new LoopbackProducer(queue, options, clock, incidents, incidents.connect(), listener);
  }

  @Override
  public Consumer createConsumer(ConsumerSpec spec, DeliveryListener listener)
      throws DriverException {
    LoopbackQueue queue = queue(spec.destination());
    incidents.connect();
    queue.subscribe(listener);
    return () -> queue.unsubscribe(listener);
  }

  /**
   * A producer whose requests are answered in memory: its replies go to {@code replies}, found by
   * the producer id of its stamps (learned from its first request).
   */
  @Override
  public Producer createRequester(ProducerSpec spec, SendListener listener, ReplyListener replies)
      throws DriverException {
    Producer producer = createProducer(spec, listener);
    return new Producer() {
      private boolean registered;

      @Override
      public boolean trySend(OutgoingMessage message) throws DriverException {
        if (!registered) {
          requesters.put(PayloadStamp.producerId(message.stamp(), 0), replies);
          registered = true;
        }
        return producer.trySend(message);
      }

      @Override
      public void close() throws DriverException {
        producer.close();
      }
    };
  }

  /** A consumer that hands each request back to its requester once the listener saw it. */
  @Override
  public Consumer createReplier(ConsumerSpec spec, DeliveryListener listener)
      throws DriverException {
    return createConsumer(
        spec,
        new DeliveryListener() {
          @Override
          public void onDelivery(
              byte[] stamp, int offset, boolean redelivered, long brokerTimestampMillis) {
            listener.onDelivery(stamp, offset, redelivered, brokerTimestampMillis);
            ReplyListener requester = requesters.get(PayloadStamp.producerId(stamp, offset));
            if (requester != null) {
              requester.onReply(stamp, offset);
            }
          }

          @Override
          public void onFailure(DriverException failure) {
            listener.onFailure(failure);
          }
        });
  }

  /** An in-memory connection: nothing to open or hold; it sends as a loopback producer does. */
  @Override
  public IdleConnection openIdleConnection(int index, int channels) {
    return new IdleConnection() {
      @Override
      public Producer producer(ProducerSpec spec, SendListener listener) throws DriverException {
        return createProducer(spec, listener);
      }

      @Override
      public void close() {}
    };
  }

  /**
   * The destination's depth, so that a run that ends with messages queued does not call them lost.
   */
  @Override
  public long messagesWaiting(String destination) throws DriverException {
    return queue(destination).waiting();
  }

  @Override
  public void cleanup() {
    queues.values().forEach(LoopbackQueue::stop);
    queues.clear();
  }

  @Override
  public void close() {
    cleanup();
  }
}
