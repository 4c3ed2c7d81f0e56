package io.brokerbench.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.latency.LatencyKind;
import io.brokerbench.result.ProducerIntegrity;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.TestResults;
import io.brokerbench.workload.Connections;
import io.brokerbench.workload.Destinations;
import io.brokerbench.workload.Workload;
import java.time.Duration;

/**
 * The light per-connection rate every driver with idle connections must carry: 200 held connections
 * with 2 channels or sessions each, each sending 2 msg/s for 3 s to one queue a consumer reads.
 */
public final class HeldConnectionTraffic {
  private HeldConnectionTraffic() {}

  /** The workload, on {@code queue}. */
  public static Workload workload(String queue) {
    return Workload.builder()
        .producers(0)
        .consumers(1)
        .destinations(Destinations.single(queue))
        .connections(new Connections(200, 2, Double.POSITIVE_INFINITY, 2))
        .inFlightWindow(100)
        .duration(Duration.ofSeconds(3))
        .build();
  }

  /**
   * Checks the traffic was measured like any producer's: one producer, 200 x 2 msg/s x 3 s messages
   * each sent or counted unsent (how many a loaded machine got out is its speed: CI once sent
   * 1,161), each sent one confirmed by the broker and received once, none lost.
   */
  public static void assertMeasured(RunResult result) {
    ResultSchema.assertValid(result);
    assertThat(result.ending().status()).isEqualTo(RunResult.COMPLETED);
    assertThat(result.extras().connections().opened()).isEqualTo(200);
    assertThat(result.figures().integrityByProducer()).hasSize(1);
    ProducerIntegrity traffic = result.figures().integrityByProducer().get(0);
    long sent = result.figures().totals().counts().sent();
    assertThat(sent + TestResults.unsent(result)).isBetween(1_190L, 1_210L);
    assertThat(traffic.accepted()).isPositive().isEqualTo(sent);
    assertThat(result.figures().totals().counts().confirmed())
        .isEqualTo(result.figures().totals().counts().sent());
    assertThat(traffic.unique()).isEqualTo(traffic.accepted());
    assertThat(traffic.duplicates()).isZero();
    assertThat(result.figures().integrity().lost()).isZero();
    assertThat(result.figures().latency().get(LatencyKind.END_TO_END.key()).count())
        .isEqualTo(traffic.unique());
  }
}
