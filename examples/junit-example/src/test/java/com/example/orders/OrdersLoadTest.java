package com.example.orders;

import static io.brokerbench.junit.BrokerbenchAssertions.assertThat;

import io.brokerbench.junit.BenchmarkRunner;
import io.brokerbench.junit.BrokerbenchExtension;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.result.RunResult;
import io.brokerbench.workload.RateProfile;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The load tests a team puts next to its other tests: each runs a workload against a broker the
 * extension chooses (the one BROKERBENCH_AMQP_URI names, else a container when the tests bring
 * Testcontainers, else the embedded Qpid Broker-J) and keeps its result files under
 * target/brokerbench.
 */
@ExtendWith(BrokerbenchExtension.class)
class OrdersLoadTest {

  /** Our consumer keeps up with 2,000 orders/s at p99 under 250 ms, on the embedded broker. */
  @Test
  void latencyObjectiveOnTheEmbeddedBroker(BenchmarkRunner bench) throws Exception {
    Workload orders =
        Workload.builder()
            .destination("orders-latency")
            .messageBytes(512)
            .rate(2_000)
            .duration(Duration.ofSeconds(3))
            .inFlightWindow(100)
            .build();

    RunResult result = bench.embedded().run("amqp091", orders);

    assertThat(result)
        .completed()
        .receivedRate().isAtLeast(1_800)
        .latency(LatencyKind.END_TO_END).percentile(99).isBelow(Duration.ofMillis(250));
  }

  /** Persistent orders with publisher confirms: none goes missing. */
  @Test
  void noOrderIsLost(BenchmarkRunner bench) throws Exception {
    Workload orders =
        Workload.builder()
            .destination("orders-durable")
            .persistent(true)
            .messagesPerProducer(5_000)
            .inFlightWindow(200)
            .build();

    RunResult result = bench.run("amqp091", Map.of(), orders, run -> {});

    assertThat(result).completed().hasNoLoss().meets("received == 5000");
  }

  /** Rate attempted against latency: up to 3,000 orders/s each step keeps p99.9 under 500 ms. */
  @Test
  void everyRateStepHoldsItsObjective(BenchmarkRunner bench) throws Exception {
    Workload sweep =
        Workload.builder()
            .destination("orders-sweep")
            .rate(RateProfile.stepped(Duration.ofSeconds(2), 1_000, 2_000, 3_000))
            .inFlightWindow(200)
            .build();

    RunResult result = bench.run("amqp091", sweep);

    for (int step = 0; step < 3; step++) {
      assertThat(result)
          .step(step)
          .meets("sent.rate >= " + 900 * (step + 1))
          .latency(LatencyKind.END_TO_END).percentile(99.9).isBelow(Duration.ofMillis(500));
    }
    assertThat(result).hasNoLoss();
  }
}
