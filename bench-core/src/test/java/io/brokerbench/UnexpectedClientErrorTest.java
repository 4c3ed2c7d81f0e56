package io.brokerbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.contract.DelegatingDriver;
import io.brokerbench.loopback.LoopbackDriver;
import io.brokerbench.loopback.LoopbackOptions;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.result.RunResult;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.SendListener;
import io.brokerbench.workload.Workload;
import org.junit.jupiter.api.Test;

/**
 * A client library that throws something other than the driver's checked error from a send (a bug
 * in it, or in the driver) fails the run with that error: a producer thread that died quietly would
 * leave a "completed" run that sent less than it was asked to.
 */
class UnexpectedClientErrorTest {

  @Test
  void aSendThatThrowsAnUncheckedErrorFailsTheRunAndSaysWhat() throws Exception {
    Workload workload = Workload.builder().messagesPerProducer(1_000).duration(null).build();
    LoopbackDriver loopback = new LoopbackDriver(LoopbackOptions.DEFAULTS, NanoClock.system());

    RunResult result =
        BenchmarkRun.builder(workload).driver(new ThrowingOnSend(loopback, 100)).build().run();

    assertThat(result.ending().status()).isEqualTo("failed");
    assertThat(result.ending().error())
        .contains("producer 0")
        .contains("IllegalStateException")
        .contains("send 100 broke");
    assertThat(result.figures().totals().counts().sent()).isEqualTo(99);
  }

  /** Its producers throw an {@link IllegalStateException} from their {@code n}th send. */
  private static final class ThrowingOnSend extends DelegatingDriver {
    private final int n;

    ThrowingOnSend(LoopbackDriver delegate, int n) {
      super(delegate);
      this.n = n;
    }

    @Override
    public Producer createProducer(ProducerSpec spec, SendListener listener)
        throws DriverException {
      Producer producer = delegate.createProducer(spec, listener);
      return new Producer() {
        private int sends;

        @Override
        public boolean trySend(OutgoingMessage message) throws DriverException {
          if (++sends == n) {
            throw new IllegalStateException("send " + n + " broke");
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
}
