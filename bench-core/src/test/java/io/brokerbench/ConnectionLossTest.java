package io.brokerbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.contract.DelegatingDriver;
import io.brokerbench.loopback.LoopbackDriver;
import io.brokerbench.loopback.LoopbackOptions;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.result.MessageCounts;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Warning;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.SendListener;
import io.brokerbench.workload.ConnectionLossPolicy;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A producer whose connection is lost mid-run: the run fails with the loss, or with {@code
 * reconnect} rides through an outage of about 0.3 s, which shows as latency and as a counted loss.
 */
class ConnectionLossTest {
  private static final long OUTAGE_NANOS = 300_000_000;

  /** Loopback, whose first producer loses its connection at its 300th send, for about 0.3 s. */
  private static final class LosingDriver extends DelegatingDriver {
    private final AtomicInteger opened = new AtomicInteger();
    private volatile long lostAt;

    LosingDriver() {
      super(new LoopbackDriver(LoopbackOptions.DEFAULTS, NanoClock.system()));
    }

    @Override
    public Producer createProducer(ProducerSpec spec, SendListener listener)
        throws DriverException {
      if (lostAt != 0 && System.nanoTime() - lostAt < OUTAGE_NANOS) {
        throw new DriverException("cannot connect (test): the broker is down");
      }
      Producer producer = delegate.createProducer(spec, listener);
      if (opened.getAndIncrement() > 0) {
        return producer;
      }
      return new Producer() {
        private int sends;

        @Override
        public boolean trySend(OutgoingMessage message) throws DriverException {
          if (++sends == 300) {
            lostAt = System.nanoTime();
            throw new DriverException("connection lost (test)");
          }
          return producer.trySend(message);
        }

        @Override
        public void close() throws DriverException {
          producer.close();
        }
      };
    }
  }

  private static Workload workload(ConnectionLossPolicy policy) {
    return Workload.builder()
        .rate(1_000)
        .duration(Duration.ofSeconds(2))
        .inFlightWindow(50)
        .drainTimeout(Duration.ofSeconds(1))
        .connectionLoss(policy)
        .build();
  }

  @Test
  void byDefaultALostConnectionFailsTheRun() throws Exception {
    RunResult result =
        BenchmarkRun.builder(workload(ConnectionLossPolicy.FAIL))
            .driver(new LosingDriver())
            .build()
            .run();

    assertThat(result.status()).isEqualTo(RunResult.FAILED);
    assertThat(result.error()).isEqualTo("connection lost (test)");
    assertThat(result.connectionLosses().happened()).isFalse();
  }

  @Test
  void withReconnectTheRunRidesThroughAndCountsTheOutage() throws Exception {
    LosingDriver driver = new LosingDriver();
    RunResult result =
        BenchmarkRun.builder(workload(ConnectionLossPolicy.RECONNECT)).driver(driver).build().run();

    assertThat(result.status()).isEqualTo(RunResult.COMPLETED);
    assertThat(result.workload().onConnectionLoss()).isEqualTo("reconnect");
    assertThat(result.connectionLosses().losses()).isEqualTo(1);
    assertThat(result.connectionLosses().reconnects()).isEqualTo(1);
    assertThat(result.connectionLosses().outageSeconds()).isBetween(0.3, 1.5);
    assertThat(result.connectionLosses().reasons()).containsExactly("connection lost (test)");
    assertThat(driver.opened.get()).isEqualTo(2);
    assertThat(result.warned(Warning.CONNECTION_LOSS)).isTrue();
    // Every intended send left: the ones due during the outage late, which their latency shows.
    MessageCounts c = result.totals().counts();
    assertThat(c.sent()).isEqualTo(2_000);
    assertThat(c.confirmed() + c.notAccepted().total() + c.unconfirmed()).isEqualTo(c.sent());
    assertThat(result.integrity().lost()).isZero();
    assertThat(result.latency().get("e2e").maxMicros()).isGreaterThan(250_000);
    ResultSchema.assertValid(result);
  }
}
