package io.brokerbench.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.result.RunResult;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.Map;

/**
 * A small workload a connection must carry whole, for the tests of how a driver connects (TLS,
 * SASL): 500 messages of 100 B from one producer to one consumer.
 */
public final class CarriedWorkload {
  /** Messages sent. */
  public static final int MESSAGES = 500;

  private CarriedWorkload() {}

  /** Runs it on {@code queue} through the driver named {@code driver} with these options. */
  public static RunResult run(String driver, String queue, Map<String, String> options)
      throws Exception {
    Workload workload =
        Workload.builder()
            .destination(queue)
            .messageBytes(100)
            .messagesPerProducer(MESSAGES)
            .inFlightWindow(32)
            .drainTimeout(Duration.ofSeconds(10))
            .reportInterval(Duration.ofMillis(500))
            .build();
    return BenchmarkRun.builder(workload).driver(driver, options).build().run();
  }

  /** Checks that every message was sent and received once. */
  public static void assertCarried(RunResult result) {
    assertThat(result.ending().status()).as(result.ending().error()).isEqualTo("completed");
    assertThat(result.figures().totals().counts().sent()).isEqualTo(MESSAGES);
    assertThat(result.figures().totals().counts().received()).isEqualTo(MESSAGES);
    assertThat(result.figures().integrity().lost()).isZero();
    assertThat(result.figures().integrity().clean()).isTrue();
  }
}
