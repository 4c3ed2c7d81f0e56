package io.brokerbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MaxRateSearchTest {
  private static final double CAPACITY = 7_300;

  /**
   * The highest rate that passes against the simulated broker: consumers receive {@code CAPACITY}
   * of it, and 98% received passes.
   */
  private static final double PASSING_LIMIT = CAPACITY / 0.98;

  private static MaxRateSettings settings(String... pairs) {
    java.util.Map<String, String> texts = new java.util.LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      texts.put(pairs[i], pairs[i + 1]);
    }
    return MaxRateSettings.of(texts);
  }

  /**
   * A broker that delivers at most {@code capacity} msg/s: below it consumers keep up and latency
   * grows as the queue nears saturation; above it a backlog grows. Producers send at most {@code
   * producerCeiling}.
   */
  private static ProbeMeasurement simulated(
      double target, double capacity, double producerCeiling) {
    double sent = Math.min(target, producerCeiling);
    double received = Math.min(sent, capacity);
    double load = Math.min(sent / capacity, 0.999);
    double e2eP99Micros = sent > capacity ? 2_000_000 : 500 / (1 - load);
    double slipP99Micros = target > producerCeiling ? 50_000 : 100;
    return new ProbeMeasurement(
        target,
        sent,
        received,
        (long) (sent * 10),
        (long) (received * 10),
        0,
        Map.of(
            "e2e.p50",
            e2eP99Micros / 4,
            "e2e.p99",
            e2eP99Micros,
            "e2e.p999",
            e2eP99Micros * 2,
            "slip.p99",
            slipP99Micros),
        null);
  }

  @Test
  void findsTheSaturationRateWithinTheResolutionAndConfirmsIt() throws InterruptedException {
    MaxRateResult result = new MaxRateSearch(settings(), t -> simulated(t, CAPACITY, 1e9)).run();

    assertThat(result.ratePerSecond()).isBetween(PASSING_LIMIT * 0.98, PASSING_LIMIT);
    assertThat(result.confirmed()).isTrue();
    assertThat(result.failedAbovePerSecond()).isGreaterThan(PASSING_LIMIT);
    assertThat(result.failedAbovePerSecond() - result.ratePerSecond())
        .isLessThanOrEqualTo(0.02 * result.ratePerSecond());
    assertThat(result.probes()).hasSizeLessThanOrEqualTo(20);
    List<String> phases = result.probes().stream().map(MaxRateResult.Probe::phase).toList();
    assertThat(phases)
        .startsWith("grow", "grow", "grow", "grow")
        .contains("bisect")
        .endsWith("confirm");
    // Grows geometrically from the start: 1000, 2000, 4000, 8000 (fails).
    assertThat(result.probes().subList(0, 4))
        .extracting(p -> p.measurement().targetPerSecond())
        .containsExactly(1000.0, 2000.0, 4000.0, 8000.0);
    assertThat(result.probes().get(3).verdict().reason()).contains("received", "backlog");
  }

  @Test
  void theBracketOnlyShrinks() throws InterruptedException {
    MaxRateResult result = new MaxRateSearch(settings(), t -> simulated(t, CAPACITY, 1e9)).run();

    double low = 0;
    double high = Double.MAX_VALUE;
    for (MaxRateResult.Probe probe : result.probes()) {
      double target = probe.measurement().targetPerSecond();
      if (!probe.phase().equals("grow")) {
        assertThat(target).as("probe %d inside the bracket", probe.index()).isBetween(low, high);
      }
      if (probe.verdict().pass()) {
        low = Math.max(low, target);
      } else {
        high = Math.min(high, target);
      }
    }
  }

  @Test
  void aLatencyObjectiveLowersTheRate() throws InterruptedException {
    // 500us / (1 - load) < 2ms holds up to 75% of the capacity.
    MaxRateResult result =
        new MaxRateSearch(settings("objective", "e2e.p99 < 2ms"), t -> simulated(t, CAPACITY, 1e9))
            .run();

    assertThat(result.ratePerSecond()).isBetween(CAPACITY * 0.75 * 0.98, CAPACITY * 0.75);
    assertThat(result.probes())
        .filteredOn(p -> !p.verdict().pass())
        .extracting(p -> p.verdict().reason())
        .anyMatch(reason -> reason.startsWith("e2e.p99 ") && reason.contains(">= 2000us"));
  }

  @Test
  void neverSettlesAboveWhatTheProducersCanSend() throws InterruptedException {
    MaxRateResult result = new MaxRateSearch(settings(), t -> simulated(t, 1e9, 5_000)).run();

    assertThat(result.ratePerSecond()).isBetween(5_000 * 0.95 * 0.98, 5_000 / 0.95);
    assertThat(result.probes())
        .filteredOn(p -> !p.verdict().pass())
        .extracting(p -> p.verdict().reason())
        .allMatch(reason -> reason.contains("producers sent") || reason.contains("slip p99"));
  }

  @Test
  void aStartAboveTheLimitDescendsAndStillBisects() throws InterruptedException {
    MaxRateResult result =
        new MaxRateSearch(settings("start", "100k"), t -> simulated(t, CAPACITY, 1e9)).run();

    assertThat(result.probes().get(1).phase()).isEqualTo("descend");
    assertThat(result.ratePerSecond()).isBetween(PASSING_LIMIT * 0.98, PASSING_LIMIT);
    assertThat(result.confirmed()).isTrue();
  }

  @Test
  void aBrokerThatSustainsNothingEndsWithinTheBudgetAndSaysSo() throws InterruptedException {
    MaxRateResult result =
        new MaxRateSearch(settings("probes", "8"), t -> simulated(t, 0.5, 1e9)).run();

    assertThat(result.ratePerSecond()).isZero();
    assertThat(result.probes()).hasSize(8);
    assertThat(result.stop()).startsWith("no rate passed down to ");
  }

  @Test
  void aProbeThatFailsToRunIsAFailWithItsError() throws InterruptedException {
    MaxRateResult result =
        new MaxRateSearch(
                settings("probes", "3"), t -> ProbeMeasurement.failed(t, "connection refused"))
            .run();

    assertThat(result.ratePerSecond()).isZero();
    assertThat(result.probes())
        .allMatch(p -> p.verdict().reason().equals("run failed: connection refused"));
  }

  @Test
  void noiseNearTheLimitIsCaughtByTheConfirmation() throws InterruptedException {
    // Within 3% of the capacity a probe passes or fails at random (seeded): the search must still
    // end below the true limit with a confirmed rate, for every seed.
    for (long seed = 0; seed < 50; seed++) {
      Random random = new Random(seed);
      RateProbe noisy =
          t -> {
            boolean nearLimit = Math.abs(t - CAPACITY) < 0.03 * CAPACITY;
            double capacity = nearLimit && random.nextBoolean() ? CAPACITY * 1.03 : CAPACITY;
            if (nearLimit && random.nextInt(4) == 0) {
              capacity = CAPACITY * 0.97;
            }
            return simulated(t, capacity, 1e9);
          };

      MaxRateResult result = new MaxRateSearch(settings(), noisy).run();

      assertThat(result.ratePerSecond())
          .as("seed %d", seed)
          .isBetween(CAPACITY * 0.9, PASSING_LIMIT * 1.03);
      assertThat(result.probes()).as("seed %d", seed).hasSizeLessThanOrEqualTo(20);
      if (result.confirmed()) {
        double rate = result.ratePerSecond();
        assertThat(result.probes())
            .as("seed %d: the rate passed twice", seed)
            .filteredOn(p -> p.measurement().targetPerSecond() == rate && p.verdict().pass())
            .hasSize(2);
      }
    }
  }

  @Test
  void aProbeLastsLongEnoughForItsObjectivesPercentile() {
    MaxRateSettings p99 = settings("probe-duration", "10s", "objective", "e2e.p99 < 10ms");
    MaxRateSettings p999 = settings("probe-duration", "10s", "objective", "e2e.p99.9 < 10ms");

    // 100 messages above the p99: 10,000 messages, 10 s at 1,000 msg/s, 100 s at 100 msg/s.
    assertThat(p99.probeDuration(1_000)).isEqualTo(Duration.ofSeconds(10));
    assertThat(p99.probeDuration(20_000)).isEqualTo(Duration.ofSeconds(10));
    assertThat(p99.probeDuration(400)).isEqualTo(Duration.ofMillis(25_000));
    assertThat(p999.probeDuration(5_000)).isEqualTo(Duration.ofSeconds(20));
    // At most ten times the probe's duration; no objective, or only a max: as given.
    assertThat(p999.probeDuration(10)).isEqualTo(Duration.ofSeconds(100));
    assertThat(settings("probe-duration", "10s").probeDuration(10))
        .isEqualTo(Duration.ofSeconds(10));
    assertThat(settings("objective", "e2e.max < 1s").probeDuration(10))
        .isEqualTo(MaxRateSettings.DEFAULTS.probeDuration());
  }

  @Test
  void settingsParseAsWrittenAndNameTheBadKey() {
    MaxRateSettings parsed =
        settings(
            "start", "2k", "resolution", "5%", "slip-p99", "5ms", "objective", "e2e.p99 < 10ms");

    assertThat(parsed.startPerSecond()).isEqualTo(2000);
    assertThat(parsed.resolution()).isEqualTo(0.05);
    assertThat(parsed.criteria().maxSlipP99()).isEqualTo(Duration.ofMillis(5));
    assertThat(parsed.criteria().objectives())
        .containsExactly(new LatencyObjective("e2e.p99", Duration.ofMillis(10)));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> settings("factor", "1"))
        .isInstanceOf(MaxRateSettings.InvalidSetting.class)
        .hasMessage("factor: must be above 1");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> settings("objective", "p99 < 1ms"))
        .hasMessageStartingWith("objective: 'p99 < 1ms' is not a latency objective");
  }
}
