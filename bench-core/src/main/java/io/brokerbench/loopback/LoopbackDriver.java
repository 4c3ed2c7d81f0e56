package io.brokerbench.loopback;

import io.brokerbench.rate.NanoClock;
import io.brokerbench.spi.BrokerIdentity;
import io.brokerbench.spi.Consumer;
import io.brokerbench.spi.ConsumerSpec;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DestinationSpec;
import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverDescription;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.SendListener;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The in-memory broker. Construct it directly to inject a clock (for the stall fault):
 *
 * <pre>{@code
 * Driver driver = new LoopbackDriver(LoopbackOptions.DEFAULTS, NanoClock.system());
 * }</pre>
 */
public final class LoopbackDriver implements Driver {
  private final LoopbackOptions options;
  private final NanoClock clock;
  private final Map<String, LoopbackQueue> queues = new ConcurrentHashMap<>();

  /** A loopback broker with these options; the clock times the stall fault. */
  public LoopbackDriver(LoopbackOptions options, NanoClock clock) {
    this.options = options;
    this.clock = clock;
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
    return new LoopbackProducer(queue(spec.destination()), options, clock, listener);
  }

  @Override
  public Consumer createConsumer(ConsumerSpec spec, DeliveryListener listener)
      throws DriverException {
    LoopbackQueue queue = queue(spec.destination());
    queue.subscribe(listener);
    return () -> queue.unsubscribe(listener);
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
