package io.brokerbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.contract.DelegatingDriver;
import io.brokerbench.loopback.LoopbackDriver;
import io.brokerbench.loopback.LoopbackOptions;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.report.ReportSink;
import io.brokerbench.result.ResultMerge;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Warning;
import io.brokerbench.spi.DestinationSpec;
import io.brokerbench.spi.DriverException;
import io.brokerbench.workload.Shard;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Consumers already on a queue when a run starts, not of the run, take a share of its messages that
 * the run counts as lost: the run says so at its start and in its result, or refuses the queue.
 */
class ForeignConsumersTest {
  private final List<String> notices = new CopyOnWriteArrayList<>();
  private final List<String> declared = new ArrayList<>();

  /** A loopback broker whose queues report these consumers before the run's own start. */
  private DelegatingDriver brokerWith(Map<String, Integer> consumers) {
    return new DelegatingDriver(new LoopbackDriver(LoopbackOptions.DEFAULTS, NanoClock.system())) {
      @Override
      public int consumersOf(String destination) {
        return consumers.getOrDefault(destination, 0);
      }

      @Override
      public void declare(List<DestinationSpec> destinations) throws DriverException {
        destinations.forEach(d -> declared.add(d.name()));
        delegate.declare(destinations);
      }
    };
  }

  private BenchmarkRun.Builder run(Workload workload, DelegatingDriver driver) {
    return BenchmarkRun.builder(workload)
        .driver(driver)
        .sink(
            new ReportSink() {
              @Override
              public void notice(String message) {
                notices.add(message);
              }
            });
  }

  @Test
  void aQueueWithConsumersNotOfTheRunIsSaidAtTheStartAndKeptInTheResult() throws Exception {
    Workload workload = Workload.builder().destination("q").messagesPerProducer(100).build();

    RunResult result = run(workload, brokerWith(Map.of("q", 2))).build().run();

    String line =
        "FOREIGN_CONSUMERS: queue 'q' already has 2 consumer(s) not of this run: their share of"
            + " its messages will count as lost (use a queue of its own, or --refuse-busy-queue)";
    assertThat(notices).contains(line);
    assertThat(result.verdict().warnings()).contains(new Warning(Warning.FOREIGN_CONSUMERS, line));
    ResultSchema.assertValid(result);
  }

  @Test
  void aQueueWithoutThemOrADriverThatCannotTellSaysNothing() throws Exception {
    Workload workload = Workload.builder().destination("q").messagesPerProducer(100).build();

    RunResult result = run(workload, brokerWith(Map.of("q", 0))).build().run();
    RunResult unknown = run(workload, brokerWith(Map.of("q", -1))).build().run();

    assertThat(result.warned(Warning.FOREIGN_CONSUMERS)).isFalse();
    assertThat(unknown.warned(Warning.FOREIGN_CONSUMERS)).isFalse();
    assertThat(notices).noneMatch(n -> n.startsWith("FOREIGN_CONSUMERS"));
  }

  @Test
  void refusingBusyQueuesFailsTheSetUpBeforeAnythingIsDeclared() {
    Workload workload = Workload.builder().destination("q").messagesPerProducer(100).build();

    assertThatThrownBy(
            () -> run(workload, brokerWith(Map.of("q", 1))).refuseBusyQueues(true).build().run())
        .isInstanceOf(DriverException.class)
        .hasMessage(
            "queue 'q' already has 1 consumer(s) not of this run (--refuse-busy-queue): use a"
                + " queue of its own, or stop those consumers");
    // Not declared, so not deleted at the end either: the other client keeps its queue.
    assertThat(declared).isEmpty();
  }

  @Test
  void consumersOfTheWorkloadsOtherShardsAreNotForeign() throws Exception {
    Workload whole =
        Workload.builder()
            .destination("q")
            .producers(2)
            .consumers(2)
            .messagesPerProducer(100)
            .drainTimeout(Duration.ofMillis(200))
            .build();
    Shard.Part first = Shard.of(whole, 0, 2);
    Shard.Part second = Shard.of(whole, 1, 2);

    RunResult firstAlone =
        run(first.workload(), brokerWith(Map.of("q", 0)))
            .shard(first.shard())
            .producerIdBase(0)
            .build()
            .run();
    // The first shard's consumer is on the queue already; a third consumer is another client's.
    RunResult alone =
        run(second.workload(), brokerWith(Map.of("q", 1)))
            .shard(second.shard())
            .producerIdBase(0)
            .build()
            .run();
    RunResult beside =
        run(second.workload(), brokerWith(Map.of("q", 2)))
            .shard(second.shard())
            .producerIdBase(0)
            .build()
            .run();

    assertThat(alone.warned(Warning.FOREIGN_CONSUMERS)).isFalse();
    assertThat(beside.verdict().warnings())
        .extracting(Warning::message)
        .contains(
            "FOREIGN_CONSUMERS: queue 'q' already has 1 consumer(s) not of this run: their share"
                + " of its messages will count as lost (use a queue of its own, or"
                + " --refuse-busy-queue)");
    assertThat(ResultMerge.of(List.of(firstAlone, beside)).warned(Warning.FOREIGN_CONSUMERS))
        .isTrue();
  }
}
