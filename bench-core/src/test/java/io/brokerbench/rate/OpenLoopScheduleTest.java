package io.brokerbench.rate;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.workload.CatchUpPolicy;
import io.brokerbench.workload.RateProfile;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class OpenLoopScheduleTest {
  private static final long START = 1_000_000L;
  private static final long MS = 1_000_000L;

  @Test
  void fixedRateGivesExactIntendedTimesSharedAmongProducers() {
    OpenLoopSchedule schedule =
        new OpenLoopSchedule(RateProfile.fixed(1_000), 2, CatchUpPolicy.BURST, START);

    assertThat(schedule.next(START)).isEqualTo(START);
    assertThat(schedule.next(START)).isEqualTo(START + 2 * MS);
    assertThat(schedule.next(START)).isEqualTo(START + 4 * MS);
  }

  @Test
  void fractionalPeriodsDoNotAccumulateRoundingErrors() {
    OpenLoopSchedule schedule =
        new OpenLoopSchedule(RateProfile.fixed(3), 1, CatchUpPolicy.BURST, START);
    long last = 0;
    for (int i = 0; i <= 3_000; i++) {
      last = schedule.next(START);
    }

    assertThat(last).isEqualTo(START + 1_000_000_000_000L);
  }

  @Test
  void steppedRatesStartEachStepOnTime() {
    OpenLoopSchedule schedule =
        new OpenLoopSchedule(
            RateProfile.stepped(Duration.ofSeconds(1), 10, 20), 1, CatchUpPolicy.BURST, START);
    long[] times = new long[12];
    for (int i = 0; i < times.length; i++) {
      times[i] = schedule.next(START);
    }

    assertThat(times[9]).isEqualTo(START + 900 * MS);
    assertThat(times[10]).isEqualTo(START + 1_000 * MS);
    assertThat(times[11]).isEqualTo(START + 1_050 * MS);
    assertThat(schedule.stepIndex()).isEqualTo(1);
  }

  @Test
  void unlimitedRateIntendsToSendNow() {
    OpenLoopSchedule schedule =
        new OpenLoopSchedule(RateProfile.unlimited(), 1, CatchUpPolicy.BURST, START);

    assertThat(schedule.next(START + 5)).isEqualTo(START + 5);
    assertThat(schedule.next(START + 17)).isEqualTo(START + 17);
  }

  @Test
  void burstPolicySendsExactlyTheOverdueMessagesBackToBack() {
    OpenLoopSchedule schedule =
        new OpenLoopSchedule(RateProfile.fixed(1_000), 1, CatchUpPolicy.BURST, START);
    long afterStall = START + 100 * MS;
    int overdue = 0;
    long intended;
    while ((intended = schedule.next(afterStall)) <= afterStall) {
      overdue++;
    }

    assertThat(overdue).isEqualTo(101);
    assertThat(intended).isEqualTo(START + 101 * MS);
    assertThat(schedule.skipped()).isZero();
  }

  @Test
  void skipPolicySendsAtMostOneOverdueMessageAndCountsTheRest() {
    OpenLoopSchedule schedule =
        new OpenLoopSchedule(RateProfile.fixed(1_000), 1, CatchUpPolicy.SKIP, START);
    schedule.next(START);
    long afterStall = START + 100 * MS;

    long first = schedule.next(afterStall);
    long second = schedule.next(afterStall);

    assertThat(first).isEqualTo(afterStall);
    assertThat(second).isEqualTo(afterStall + MS);
    assertThat(schedule.skipped()).isEqualTo(99);
  }
}
