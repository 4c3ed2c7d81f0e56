package io.brokerbench.result;

import static io.brokerbench.result.ValidityChecksFixtures.around;
import static io.brokerbench.result.ValidityChecksFixtures.intervals;
import static io.brokerbench.result.ValidityChecksFixtures.latency;
import static io.brokerbench.result.ValidityChecksFixtures.latencyWithTail;
import static io.brokerbench.result.ValidityChecksFixtures.then;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The validity verdict and each check that gives it a reason, on synthetic figures. */
class ValidityTest {

  @Test
  void aRunWithoutReasonsIsValidAndOnlyVerdictWarningsAreReasons() {
    Warning loss = new Warning(Warning.LOSS, "LOSS: 3 message(s) …");
    Warning slip = new Warning(Warning.SCHEDULE_SLIP, "SCHEDULE_SLIP: …");
    Warning embedded = new Warning(Warning.EMBEDDED_BROKER, "embedded broker: …");

    assertThat(Validity.of(List.of(loss)).verdict()).isEqualTo(Validity.VALID);
    Validity suspect = Validity.of(List.of(slip, loss, embedded));
    assertThat(suspect.verdict()).isEqualTo(Validity.SUSPECT);
    assertThat(suspect.reasons()).containsExactly(slip, embedded);
    assertThat(suspect.codes()).isEqualTo("SCHEDULE_SLIP, EMBEDDED_BROKER");
  }

  @Test
  void sendsThatLeftLateByAShareOfTheBrokersLatencyAreTheGeneratorsPace() {
    // p90 slip 86 ms against 2 ms from actual send: the case.
    Warning warning =
        ScheduleSlip.of(
            Map.of(
                "slip", latencyWithTail(50, 86_000),
                "e2e_send", latency(2_000, 100)));

    assertThat(warning.code()).isEqualTo(Warning.SCHEDULE_SLIP);
    assertThat(warning.message())
        .startsWith("SCHEDULE_SLIP: 10 % of the sends left 86.0 ms or more after their intended")
        .contains("(the latest 86.0 ms)");
  }

  @Test
  void aSlipUnderAMillisecondOrSmallBesideTheBrokersLatencyIsNoise() {
    assertThat(ScheduleSlip.of(Map.of("slip", latencyWithTail(50, 900)))).isNull();
    // 5 ms late against a broker taking 100 ms: a twentieth.
    assertThat(
            ScheduleSlip.of(
                Map.of("slip", latencyWithTail(50, 5_000), "e2e_send", latency(100_000, 100))))
        .isNull();
    assertThat(ScheduleSlip.of(Map.of("slip", latencyWithTail(50, 5_000)))).isNotNull();
    assertThat(ScheduleSlip.of(Map.of())).isNull();
  }

  @Test
  void sendsThatWaitedForTheGeneratorsOwnWindowMakeTheRunSuspect() {
    Warning warning = WindowFull.of(waited(10_000, 250), 192);

    assertThat(warning.code()).isEqualTo(Warning.WINDOW_FULL);
    assertThat(warning.message())
        .isEqualTo(
            "WINDOW_FULL: 250 of 10000 sends (2.5 %) found the in-flight window of 192 full at"
                + " their intended time and waited for a confirm or reply: the generator's window"
                + " set their pace, not the schedule; raise -c or lower the rate");
    assertThat(Validity.of(List.of(warning)).verdict()).isEqualTo(Validity.SUSPECT);
  }

  @Test
  void aFewSendsWaitingForTheWindowAreNotTheGeneratorsPace() {
    assertThat(WindowFull.of(waited(10_000, 99), 192)).isNull();
    assertThat(WindowFull.of(waited(10_000, 100), 192)).isNotNull();
    assertThat(WindowFull.of(MessageCounts.ZERO, 192)).isNull();
  }

  private static MessageCounts waited(long sent, long windowWaits) {
    return new MessageCounts(sent, sent, sent, NotAccepted.NONE, 0, 0, windowWaits, 0);
  }

  @Test
  void aProcessUsingNearlyAllItsProcessorsIsTheLimit() {
    double[] rates = around(5_000, 4);
    double[] p50 = around(1_000, 4);
    Warning warning =
        GeneratorCpu.of(intervals(rates, p50, new double[] {50, 190, 185, 195}, 1), 2);

    assertThat(warning.code()).isEqualTo(Warning.GENERATOR_CPU);
    assertThat(warning.message())
        .startsWith("GENERATOR_CPU: the generator's process used 95 % of the 2 processor(s)");
    // 85 % of two processors is not saturation; two measured intervals are too few to judge.
    assertThat(GeneratorCpu.of(intervals(rates, p50, new double[] {170, 170, 170, 170}, 0), 2))
        .isNull();
    assertThat(GeneratorCpu.of(intervals(rates, p50, new double[] {50, 50, 199, 199}, 2), 2))
        .isNull();
  }

  @Test
  void aRateThatFellThroughTheWindowIsUnsteady() {
    double[] rates = then(around(10_000, 6), around(5_000, 6));
    Warning warning = SteadyWindow.of(intervals(rates, around(1_000, 12)));

    assertThat(warning.code()).isEqualTo(Warning.UNSTEADY);
    assertThat(warning.message())
        .startsWith("UNSTEADY: from the first third of the measured window to the last, the")
        .contains("received rate went from 9,900 to 5,000 msg/s (median per interval, p=0.029)")
        .doesNotContain("e2e p50");
  }

  @Test
  void aLatencyThatClimbedThroughTheWindowIsUnsteady() {
    double[] p50 = then(around(1_000, 6), around(3_000, 6));
    Warning warning = SteadyWindow.of(intervals(around(10_000, 12), p50));

    assertThat(warning.message()).contains("the e2e p50 went from 0.99 to 3.00 ms");
  }

  @Test
  void noiseAShortWindowAndASteppedRunAreNotUnsteady() {
    // ±4 % jitter around one level: steady.
    assertThat(SteadyWindow.of(intervals(around(10_000, 12), around(1_000, 12)))).isNull();
    // A 20 % move is under the 25 % that counts, however clear.
    assertThat(
            SteadyWindow.of(
                intervals(then(around(10_000, 6), around(8_000, 6)), around(1_000, 12))))
        .isNull();
    // Eight intervals: too few (thirds of two).
    assertThat(
            SteadyWindow.of(intervals(then(around(10_000, 4), around(5_000, 4)), around(1_000, 8))))
        .isNull();
    List<IntervalSample> stepped =
        intervals(then(around(10_000, 6), around(5_000, 6)), around(1_000, 12)).stream()
            .map(
                s ->
                    new IntervalSample(
                        s.index(),
                        s.index() < 6 ? 0 : 1,
                        s.startEpochMillis(),
                        s.startSeconds(),
                        s.endSeconds(),
                        s.warmup(),
                        s.counts(),
                        s.rates(),
                        s.latency(),
                        s.cpuPercent(),
                        s.rssBytes()))
            .toList();
    assertThat(SteadyWindow.of(stepped)).isNull();
  }
}
