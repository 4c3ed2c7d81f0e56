package io.brokerbench.internal.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.rate.NanoClock;
import io.brokerbench.result.MessageCounts;
import io.brokerbench.workload.RateProfile;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The reporting thread on the system clock, with short intervals and bounded waits. */
class IntervalReporterTest {
  private static final long INTERVAL_NANOS = 20_000_000;

  private final NanoClock clock = NanoClock.system();
  private final List<IntervalCollector.Cut> cuts = new CopyOnWriteArrayList<>();

  private IntervalCollector collector(long start) {
    return new IntervalCollector(
        new RunRecorders(1),
        () -> MessageCounts.ZERO,
        clock,
        start,
        INTERVAL_NANOS,
        0,
        RateProfile.fixed(1_000));
  }

  @Test
  void cutsFollowOneAnotherFromTheStart() throws Exception {
    long start = clock.nanoTime();
    CountDownLatch three = new CountDownLatch(3);
    IntervalReporter reporter =
        IntervalReporter.start(
            collector(start),
            clock,
            start,
            INTERVAL_NANOS,
            cut -> {
              cuts.add(cut);
              three.countDown();
            });

    assertThat(three.await(10, TimeUnit.SECONDS)).isTrue();
    reporter.stop();

    assertThat(cuts.get(0).sample().index()).isZero();
    assertThat(cuts.get(0).sample().startSeconds()).isZero();
    for (int i = 1; i < cuts.size(); i++) {
      assertThat(cuts.get(i).sample().index()).isEqualTo(i);
      assertThat(cuts.get(i).sample().startSeconds())
          .isEqualTo(cuts.get(i - 1).sample().endSeconds());
    }
  }

  @Test
  void aCheckRunsOnTheReportingThreadBetweenCuts() throws Exception {
    long start = clock.nanoTime();
    IntervalReporter reporter =
        IntervalReporter.start(collector(start), clock, start, INTERVAL_NANOS, cuts::add);
    CountDownLatch checked = new CountDownLatch(2);
    List<String> threads = new CopyOnWriteArrayList<>();

    reporter.every(
        () -> {
          threads.add(Thread.currentThread().getName());
          checked.countDown();
        },
        5);

    assertThat(checked.await(10, TimeUnit.SECONDS)).isTrue();
    reporter.stop();
    assertThat(threads).allMatch("brokerbench-reporter"::equals);
  }
}
