package io.brokerbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.contract.DelegatingDriver;
import io.brokerbench.latency.PayloadStamp;
import io.brokerbench.loopback.LoopbackDriver;
import io.brokerbench.loopback.LoopbackOptions;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.result.RequestReplyCounts;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Warning;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.ReplyListener;
import io.brokerbench.spi.SendListener;
import io.brokerbench.workload.RequestReply;
import io.brokerbench.workload.Workload;
import io.brokerbench.workload.WorkloadException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Request-reply on the in-memory broker: every request answered once, round trips from the intended
 * and the actual send, the replier's processing time in them, and requests left unanswered counted
 * as timed out.
 */
class RequestReplyTest {
  /**
   * Requests answered by repliers that take {@code replierDelay} each, unanswered after {@code
   * timeout}: a reply the test expects must never be late by it, as a loaded host's replier
   * sleeping 1 ms for 4 once made 733 of 1,000 replies later than 300 ms.
   */
  private static Workload.Builder requests(Duration replierDelay, Duration timeout) {
    return Workload.builder()
        .producers(2)
        .consumers(2)
        .rate(2_000)
        // A count, not a duration: a loaded host falls behind the schedule (494 of 1,000 sent in
        // 1 s once), and the test is about every request's reply.
        .messagesPerProducer(500)
        .duration(null)
        .reportInterval(Duration.ofMillis(500))
        .requestReply(new RequestReply(true, timeout, replierDelay));
  }

  @Test
  void everyRequestIsAnsweredOnceWithItsRoundTrip() throws Exception {
    RunResult result =
        BenchmarkRun.builder(
                requests(Duration.ofMillis(1), Duration.ofSeconds(60)).rate(1_000).build())
            .driver("loopback")
            .build()
            .run();

    ResultSchema.assertValid(result);
    RequestReplyCounts counts = result.extras().requestReply();
    assertThat(counts.requests()).isEqualTo(1_000);
    assertThat(counts.replied()).isEqualTo(1_000);
    assertThat(counts.troubled()).isFalse();
    assertThat(result.figures().latency().get("rtt").count()).isEqualTo(1_000);
    assertThat(result.figures().latency().get("rtt_send").count()).isEqualTo(1_000);
    // Each reply waited for its replier's 1 ms of processing.
    assertThat(result.figures().latency().get("rtt").minMicros()).isGreaterThanOrEqualTo(1_000);
    assertThat(result.figures().latency().get("e2e").count()).isEqualTo(1_000);
    assertThat(result.figures().totals().counts().confirmed()).isZero();
    assertThat(result.figures().integrity().lost()).isZero();
  }

  @Test
  void requestsWithoutAReplyTimeOut() throws Exception {
    // The replies to requests of odd sequence are lost: those time out after 2 s, which the others
    // are answered well within even on a loaded host.
    DelegatingDriver halfAnswered =
        new DelegatingDriver(new LoopbackDriver(LoopbackOptions.DEFAULTS, NanoClock.system())) {
          @Override
          public Producer createRequester(
              ProducerSpec spec, SendListener listener, ReplyListener replies)
              throws DriverException {
            return delegate.createRequester(
                spec,
                listener,
                new ReplyListener() {
                  @Override
                  public void onReply(byte[] stamp, int offset) {
                    if ((PayloadStamp.sequence24(stamp, offset) & 1) == 0) {
                      replies.onReply(stamp, offset);
                    }
                  }

                  @Override
                  public void onFailure(DriverException failure) {
                    replies.onFailure(failure);
                  }
                });
          }
        };
    RunResult result =
        BenchmarkRun.builder(
                requests(Duration.ZERO, Duration.ofSeconds(2))
                    .producers(1)
                    .consumers(1)
                    .rate(500)
                    .build())
            .driver(halfAnswered)
            .build()
            .run();

    RequestReplyCounts counts = result.extras().requestReply();
    assertThat(counts.requests()).isEqualTo(500);
    assertThat(counts.replied()).isEqualTo(250);
    assertThat(counts.timedOut()).isEqualTo(250);
    assertThat(counts.outstandingAtEnd()).isZero();
    assertThat(result.warned(Warning.REQUEST_REPLY)).isTrue();
    assertThat(result.figures().latency().get("rtt").count()).isEqualTo(250);
  }

  @Test
  void aRequestReplyRunNeedsRepliers() {
    assertThatThrownBy(() -> requests(Duration.ZERO, Duration.ofSeconds(1)).consumers(0).build())
        .isInstanceOf(WorkloadException.class)
        .hasMessage(
            "a request-reply run needs requesters (--producers) and repliers (--consumers) to"
                + " answer them (got 2 producer(s), 0 consumer(s))");
  }
}
