package io.brokerbench.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.latency.LatencyKind;
import io.brokerbench.result.ConnectionsResult;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.workload.Connections;
import io.brokerbench.workload.Workload;
import java.time.Duration;

/**
 * Idle connections alone, as RabbitMQ's connection studies hold them, and what every driver that
 * holds them must report: all opened, none on a thread of its own, the client's and the broker's
 * memory per connection.
 */
public final class HeldConnections {
  private HeldConnections() {}

  /**
   * {@code count} connections with {@code channels} channels or sessions each, held {@code hold}.
   */
  public static Workload alone(int count, int channels, Duration hold) {
    return Workload.builder()
        .producers(0)
        .consumers(0)
        .connections(new Connections(count, channels, Double.POSITIVE_INFINITY))
        .duration(hold)
        .build();
  }

  /**
   * Checks that {@code count} connections opened, each timed, held by at most {@code threads} more
   * client threads than before, with a client heap share of at most 24 KiB each (PerfTest's leanest
   * keeps ~53 KB) and a broker memory share, read from the management API at {@code managementUrl},
   * of 20 KiB to 1 MiB each (RabbitMQ keeps ~100-130 KiB per idle connection with two channels).
   */
  public static void assertHeld(RunResult result, int count, int threads, String managementUrl) {
    ResultSchema.assertValid(result);
    assertThat(result.ending().status()).isEqualTo(RunResult.COMPLETED);
    ConnectionsResult c = result.extras().connections();
    assertThat(c.opened()).as(c.describeOpening()).isEqualTo(count);
    assertThat(c.failed()).isZero();
    assertThat(c.openPerSecond()).isPositive();
    assertThat(result.figures().latency().get(LatencyKind.CONNECT.key()).count()).isEqualTo(count);
    assertThat(c.clientThreadsHeld() - c.clientThreadsBefore()).isLessThanOrEqualTo(threads);
    assertThat(c.clientHeapBytesPerConnection()).isBetween(1L, 24L * 1024);
    assertThat(c.brokerMemorySource()).startsWith("management API at " + managementUrl);
    assertThat(c.brokerBytesPerConnection()).isBetween(20L * 1024, 1024L * 1024);
    assertThat(c.brokerBytesHeld()).isGreaterThan(c.brokerBytesBefore());
  }
}
