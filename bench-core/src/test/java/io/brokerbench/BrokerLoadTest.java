package io.brokerbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.brokerbench.contract.DelegatingDriver;
import io.brokerbench.loopback.LoopbackDriver;
import io.brokerbench.loopback.LoopbackOptions;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.report.ConsoleReport;
import io.brokerbench.result.BrokerNodeLoad;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.ResultMerge;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Warning;
import io.brokerbench.spi.BrokerLoadReader;
import io.brokerbench.spi.BrokerNodeReading;
import io.brokerbench.spi.DriverException;
import io.brokerbench.threshold.Threshold;
import io.brokerbench.workload.Shard;
import io.brokerbench.workload.Workload;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The run reads its broker's own load through a driver's reader, keeps it in the result and the
 * console summary, and goes on when the broker cannot be read. The reader here is the test's: a
 * broker that uses half a core and 64 MB (drivers' readers are tested against real brokers).
 */
class BrokerLoadTest {
  private static final long MEMORY = 64_000_000;

  /** Half a core since it was made, by the machine's clock; or a failure every time. */
  private static final class HalfACore implements BrokerLoadReader {
    final long born = System.nanoTime();
    final AtomicInteger reads = new AtomicInteger();
    final boolean fails;

    HalfACore(boolean fails) {
      this.fails = fails;
    }

    @Override
    public String source() {
      return "the test's broker";
    }

    @Override
    public List<BrokerNodeReading> read() throws DriverException {
      reads.incrementAndGet();
      if (fails) {
        throw new DriverException("cannot read the broker's load: enable the test's endpoint");
      }
      long cpuMillis = (System.nanoTime() - born) / 2_000_000;
      return List.of(new BrokerNodeReading("n1", cpuMillis, MEMORY, -1, -1, -1, 3, List.of()));
    }
  }

  private static RunResult run(BrokerLoadReader reader, Shard shard) throws DriverException {
    return run(reader, shard, true);
  }

  private static RunResult run(BrokerLoadReader reader, Shard shard, boolean readBroker)
      throws DriverException {
    DelegatingDriver driver =
        new DelegatingDriver(new LoopbackDriver(LoopbackOptions.DEFAULTS, NanoClock.system())) {
          @Override
          public BrokerLoadReader brokerLoad() {
            return reader;
          }
        };
    Workload workload =
        Workload.builder()
            .rate(1_000)
            .messagesPerProducer(600)
            .reportInterval(Duration.ofMillis(200))
            .warmup(Duration.ZERO)
            .build();
    BenchmarkRun.Builder run = BenchmarkRun.builder(workload).driver(driver).readBroker(readBroker);
    if (shard != null) {
      run.shard(shard);
    }
    RunResult result = run.build().run();
    ResultSchema.assertValid(result);
    return result;
  }

  @Test
  void theBrokersLoadIsReadEveryIntervalAndKeptInTheResult() throws Exception {
    HalfACore reader = new HalfACore(false);

    RunResult result = run(reader, null);

    assertThat(result.completed()).isTrue();
    BrokerNodeLoad all = result.extras().brokerLoad().total();
    assertThat(all.cpuPercentMean()).isCloseTo(50, within(5.0));
    assertThat(all.memoryBytesEnd()).isEqualTo(MEMORY);
    assertThat(all.queuedMessagesMax()).isEqualTo(3);
    assertThat(result.extras().brokerLoad().source()).isEqualTo("the test's broker");
    assertThat(result.extras().brokerLoad().readings()).isEqualTo(reader.reads.get());
    assertThat(result.figures().intervals().stream().map(IntervalSample::broker))
        .anySatisfy(b -> assertThat(b.cpuPercent()).isCloseTo(50, within(10.0)));
    assertThat(Threshold.parse("broker.cpu < 80%").check(result).passed()).isTrue();
    assertThat(Threshold.parse("broker.memory < 32MB").check(result).passed()).isFalse();
    StringWriter console = new StringWriter();
    new ConsoleReport(new PrintWriter(console)).finished(result);
    assertThat(console.toString())
        .containsPattern(
            "broker: CPU \\d+% \\(busiest interval \\d+%\\), memory 64 MB, at most 3"
                + " queued \\(the test's broker\\)");
    // A merge keeps what the first shard read.
    assertThat(ResultMerge.of(List.of(result)).extras().brokerLoad())
        .isEqualTo(result.extras().brokerLoad());
  }

  @Test
  void aBrokerThatCannotBeReadIsAWarningAndTheRunGoesOn() throws Exception {
    RunResult result = run(new HalfACore(true), null);

    assertThat(result.completed()).isTrue();
    assertThat(result.figures().integrity().lost()).isZero();
    assertThat(result.extras().brokerLoad().measured()).isFalse();
    assertThat(result.verdict().warnings())
        .filteredOn(w -> w.code().equals(Warning.BROKER_LOAD))
        .singleElement()
        .satisfies(
            w ->
                assertThat(w.message())
                    .isEqualTo(
                        "BROKER_LOAD: the broker's own load was not measured: cannot read the"
                            + " broker's load: enable the test's endpoint"));
    assertThat(Threshold.parse("broker.cpu < 80%").check(result).message())
        .contains("not measured");
  }

  @Test
  void aRunToldNotToReadTheBrokerDoesNot() throws Exception {
    HalfACore reader = new HalfACore(false);

    RunResult result = run(reader, null, false);

    assertThat(reader.reads.get()).isZero();
    assertThat(result.extras().brokerLoad().measured()).isFalse();
  }

  @Test
  void onlyTheFirstShardReadsTheBroker() throws Exception {
    HalfACore reader = new HalfACore(false);

    RunResult second = run(reader, new Shard(1, 2, 1, 2, 1, 2));

    assertThat(reader.reads.get()).isZero();
    assertThat(second.extras().brokerLoad().measured()).isFalse();
    assertThat(second.warned(Warning.BROKER_LOAD)).isFalse();
  }
}
