package io.brokerbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.contract.DelegatingDriver;
import io.brokerbench.loopback.LoopbackDriver;
import io.brokerbench.loopback.LoopbackOptions;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.rate.ThreadLocalManualClock;
import io.brokerbench.result.RunResult;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.SendListener;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The core flushes a producer before each wait and at the end, so a driver that buffers sends until
 * {@link Producer#flush()} neither stalls nor delays messages. The driver here holds every send
 * until the next flush, the worst case a buffering driver may be.
 */
class ProducerFlushTest {

  private static RunResult run(Workload workload) throws Exception {
    LoopbackDriver loopback = new LoopbackDriver(LoopbackOptions.DEFAULTS, NanoClock.system());
    return BenchmarkRun.builder(workload).driver(new HoldingDriver(loopback)).build().run();
  }

  @Test
  void aFullWindowFlushesSoItsConfirmsCanCome() throws Exception {
    Workload workload =
        Workload.builder()
            .messagesPerProducer(20_000)
            .duration(null)
            .inFlightWindow(16)
            .progressTimeout(Duration.ofSeconds(5))
            .build();

    RunResult result = run(workload);

    assertThat(result.ending().status()).isEqualTo("completed");
    assertThat(result.figures().totals().counts().confirmed()).isEqualTo(20_000);
    assertThat(result.figures().totals().counts().received()).isEqualTo(20_000);
  }

  @Test
  void aProducerWaitingForItsNextSendFlushesTheOneBefore() throws Exception {
    // 5 messages 200 ms apart: held until the next send, each would be 200 ms late at least. On a
    // clock per thread, delivered on the producer's, a message flushed before the wait is received
    // at the instant it was sent, however loaded the machine.
    ThreadLocalManualClock clock = new ThreadLocalManualClock(0, 0);
    LoopbackDriver loopback =
        new LoopbackDriver(LoopbackOptions.parse(Map.of("inline", "true")), clock);
    Workload workload =
        Workload.builder().rate(5).duration(Duration.ofSeconds(1)).inFlightWindow(0).build();

    RunResult result =
        BenchmarkRun.builder(workload)
            .driver(new HoldingDriver(loopback))
            .clock(clock)
            .build()
            .run();

    assertThat(result.figures().totals().counts().received())
        .isEqualTo(result.figures().totals().counts().sent())
        .isEqualTo(5);
    assertThat(result.figures().latency().get("e2e").maxMicros()).isLessThan(1_000);
  }

  @Test
  void theLastSendsAreFlushedWhenTheLoopEnds() throws Exception {
    Workload workload =
        Workload.builder().messagesPerProducer(1_000).duration(null).inFlightWindow(0).build();

    RunResult result = run(workload);

    assertThat(result.figures().totals().counts().received()).isEqualTo(1_000);
    assertThat(result.figures().integrity().clean()).isTrue();
  }

  /** Wraps each producer in one that sends nothing until flushed. */
  private static final class HoldingDriver extends DelegatingDriver {
    HoldingDriver(LoopbackDriver delegate) {
      super(delegate);
    }

    @Override
    public Producer createProducer(ProducerSpec spec, SendListener listener)
        throws DriverException {
      return new HoldingProducer(delegate.createProducer(spec, listener), spec.bodyBytes());
    }
  }

  private static final class HoldingProducer implements Producer {
    private final Producer delegate;
    private final int bodyBytes;
    private final List<OutgoingMessage> held = new ArrayList<>();

    HoldingProducer(Producer delegate, int bodyBytes) {
      this.delegate = delegate;
      this.bodyBytes = bodyBytes;
    }

    @Override
    public boolean trySend(OutgoingMessage message) {
      OutgoingMessage copy = new OutgoingMessage(bodyBytes);
      System.arraycopy(message.stamp(), 0, copy.stamp(), 0, OutgoingMessage.STAMP_BYTES);
      copy.sequence(message.sequence());
      held.add(copy);
      return true;
    }

    @Override
    public void flush() throws DriverException {
      for (OutgoingMessage message : held) {
        while (!delegate.trySend(message)) {
          Thread.onSpinWait();
        }
      }
      held.clear();
    }

    @Override
    public void close() throws DriverException {
      delegate.close();
    }
  }
}
