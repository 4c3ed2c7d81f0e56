package io.brokerbench.internal.receive;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.internal.RunControl;
import io.brokerbench.internal.events.ConnectionLossLog;
import io.brokerbench.rate.ManualNanoClock;
import io.brokerbench.spi.Consumer;
import io.brokerbench.spi.DriverException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ReconnectorTest {
  private final ManualNanoClock clock = new ManualNanoClock(0, 0);
  private final RunControl control = new RunControl();
  private final ConnectionLossLog losses = new ConnectionLossLog(clock);
  private final List<Consumer> consumers = Collections.synchronizedList(new ArrayList<>());

  @Test
  void aLostConsumerIsClosedAndOpenedAgainUntilItOpens() throws Exception {
    TestConsumer lost = new TestConsumer();
    consumers.add(lost);
    TestConsumer reopened = new TestConsumer();
    AtomicInteger attempts = new AtomicInteger();
    CountDownLatch open = new CountDownLatch(1);
    Reconnector reconnector =
        new Reconnector(
            clock,
            control,
            losses,
            consumers,
            1,
            j -> {
              if (attempts.incrementAndGet() < 2) {
                throw new DriverException("still down (test)");
              }
              open.countDown();
              return reopened;
            });

    reconnector.lost(0, "consumer 0", new DriverException("connection lost (test)"));
    // A second report of the same loss, from another of its threads, changes nothing.
    reconnector.lost(0, "consumer 0", new DriverException("connection lost (test)"));

    assertThat(open.await(5, TimeUnit.SECONDS)).isTrue();
    reconnector.close(2_000);
    assertThat(lost.closed).isTrue();
    assertThat(consumers).containsExactly(reopened);
    assertThat(attempts).hasValue(2);
    assertThat(losses.summary().losses()).isEqualTo(1);
    assertThat(losses.summary().reconnects()).isEqualTo(1);
    assertThat(losses.takeNotices())
        .containsExactly(
            "CONNECTION LOST: consumer 0: connection lost (test); reconnecting",
            "RECONNECTED: consumer 0 after 0.0 s (2 attempt(s))");
  }

  @Test
  void aRunThatStopsEndsTheAttempts() throws Exception {
    consumers.add(new TestConsumer());
    control.stop();
    AtomicInteger attempts = new AtomicInteger();
    Reconnector reconnector =
        new Reconnector(
            clock,
            control,
            losses,
            consumers,
            1,
            j -> {
              attempts.incrementAndGet();
              return new TestConsumer();
            });

    reconnector.lost(0, "consumer 0", new DriverException("connection lost (test)"));
    reconnector.close(2_000);

    assertThat(attempts).hasValue(0);
    assertThat(losses.summary().reconnects()).isZero();
  }

  private static final class TestConsumer implements Consumer {
    private volatile boolean closed;

    @Override
    public void close() {
      closed = true;
    }
  }
}
