package io.brokerbench.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.result.RequestReplyCounts;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.spi.Driver;
import io.brokerbench.workload.RequestReply;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The request-reply workload every driver with requesters must answer: 2 requesters and 2 repliers
 * on a queue of its own, 1,000 requests each of 500 B at 1,000 req/s in all, and what its result
 * must say.
 */
public final class RequestReplyWorkload {
  /** Requests in all. */
  public static final int REQUESTS = 2_000;

  private RequestReplyWorkload() {}

  /**
   * The workload on a fresh queue named from {@code prefix}, whose requests wait {@code timeout}
   * for their reply from repliers that take {@code replierDelay} each.
   */
  public static Workload.Builder requests(String prefix, Duration timeout, Duration replierDelay) {
    return Workload.builder()
        .producers(2)
        .consumers(2)
        .destination(
            prefix
                + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36)
                    .toLowerCase(Locale.ROOT))
        .messageBytes(500)
        .rate(1_000)
        // A count, not a duration: a loaded host falls behind the schedule (CI once sent 1,190 of
        // 2,000 in 2 s), and the test is about every request's reply.
        .messagesPerProducer(REQUESTS / 2)
        .duration(null)
        .reportInterval(Duration.ofMillis(500))
        .requestReply(new RequestReply(true, timeout, replierDelay));
  }

  /**
   * The workload with a timeout that only bounds a lost reply (60 s), never one a loaded host made
   * late, and repliers that answer at once.
   */
  public static Workload requests(String prefix) {
    return requests(prefix, Duration.ofSeconds(60), Duration.ZERO).build();
  }

  /** Runs {@code workload} on {@code driver}, then has the driver delete what it declared. */
  public static RunResult run(Workload workload, Driver driver) throws Exception {
    try (driver) {
      try {
        RunResult result = BenchmarkRun.builder(workload).driver(driver).build().run();
        ResultSchema.assertValid(result);
        return result;
      } finally {
        driver.cleanup();
      }
    }
  }

  /**
   * Checks that every request of {@link #requests(String)} was answered once, its round trip
   * measured (longer than the request's own way), and nothing lost.
   */
  public static void assertEveryRequestAnswered(RunResult result) {
    assertThat(result.ending().status()).as(result.ending().error()).isEqualTo("completed");
    RequestReplyCounts counts = result.extras().requestReply();
    assertThat(counts.requests()).isEqualTo(REQUESTS);
    assertThat(counts.replied()).isEqualTo(REQUESTS);
    assertThat(counts.troubled()).isFalse();
    assertThat(result.figures().latency().get("rtt").count()).isEqualTo(REQUESTS);
    assertThat(result.figures().latency().get("rtt_send").count()).isEqualTo(REQUESTS);
    // A round trip is the request's way to the replier and the reply's way back.
    assertThat(result.figures().latency().get("rtt").p50Micros())
        .isGreaterThan(result.figures().latency().get("e2e").p50Micros());
    assertThat(result.figures().integrity().lost()).isZero();
  }
}
