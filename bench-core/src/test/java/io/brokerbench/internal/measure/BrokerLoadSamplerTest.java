package io.brokerbench.internal.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.rate.NanoClock;
import io.brokerbench.spi.BrokerLoadReader;
import io.brokerbench.spi.BrokerNodeReading;
import io.brokerbench.spi.DriverException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class BrokerLoadSamplerTest {
  private static final long INTERVAL = 1_000_000_000L;

  private static final class CountingReader implements BrokerLoadReader {
    final AtomicInteger reads = new AtomicInteger();
    final boolean fails;

    CountingReader(boolean fails) {
      this.fails = fails;
    }

    @Override
    public String source() {
      return "the test's counter";
    }

    @Override
    public List<BrokerNodeReading> read() throws DriverException {
      int n = reads.incrementAndGet();
      if (fails) {
        throw new DriverException("cannot read the broker's load: enable the test's endpoint");
      }
      return List.of(new BrokerNodeReading("n", n, n, n, n, n, n, List.of()));
    }

    @Override
    public Map<String, Long> memoryBreakdown() {
      return Map.of("binary", 7L);
    }
  }

  @Test
  void readsWhenSendingStartsAndWhenTheRunStops() {
    CountingReader reader = new CountingReader(false);
    NanoClock clock = NanoClock.system();

    BrokerLoadSampler.Readings readings =
        BrokerLoadSampler.start(reader, clock, clock.nanoTime(), INTERVAL).stop();

    assertThat(readings.readings()).hasSizeGreaterThanOrEqualTo(2);
    assertThat(readings.readings().get(0).nodes().get(0).cpuMillis()).isEqualTo(1);
    assertThat(readings.source()).isEqualTo("the test's counter");
    assertThat(readings.memoryBreakdown()).containsEntry("binary", 7L);
    assertThat(readings.failures()).isZero();
  }

  @Test
  void aBrokerThatCannotBeReadIsCountedNotThrown() {
    CountingReader reader = new CountingReader(true);
    NanoClock clock = NanoClock.system();

    BrokerLoadSampler.Readings readings =
        BrokerLoadSampler.start(reader, clock, clock.nanoTime(), INTERVAL).stop();

    assertThat(readings.readings()).isEmpty();
    assertThat(readings.source()).isNull();
    assertThat(readings.failures()).isEqualTo(reader.reads.get()).isGreaterThanOrEqualTo(2);
    assertThat(readings.lastFailure()).contains("enable the test's endpoint");
    assertThat(readings.memoryBreakdown()).isEmpty();
  }
}
