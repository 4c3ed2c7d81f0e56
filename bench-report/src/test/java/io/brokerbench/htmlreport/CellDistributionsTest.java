package io.brokerbench.htmlreport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CellDistributionsTest {
  @TempDir Path dir;

  @Test
  void everyCellWithAResultIsOneCurveNamedByItsAxisValues() throws Exception {
    ReportInput.Scenario scenario =
        (ReportInput.Scenario) ReportInput.read(ReportFixtures.scenario(dir));

    List<CellDistributions.Curve> curves =
        CellDistributions.of(scenario, LeadingLatency.END_TO_END);

    // Four cells ran; the fifth failed without a result and has no curve.
    assertThat(curves)
        .extracting(CellDistributions.Curve::cell)
        .containsExactly(
            "rate=2000, stall=none",
            "rate=6000, stall=none",
            "rate=2000, stall=200ms",
            "rate=6000, stall=200ms");
    for (int i = 0; i < curves.size(); i++) {
      CellDistributions.Curve curve = curves.get(i);
      assertThat(curve.count())
          .isEqualTo(scenario.cells().get(i).result().figures().latency().get("e2e").count());
      // The curve ends at the cell's maximum.
      assertThat(curve.points().get(curve.points().size() - 1).millis())
          .isCloseTo(
              scenario.cells().get(i).result().figures().latency().get("e2e").maxMicros() / 1000,
              withinPercentage(1));
    }
    // The cells that stalled a send for 200 ms have that stall in their tail.
    assertThat(curves.get(2).points().get(curves.get(2).points().size() - 1).millis())
        .isGreaterThanOrEqualTo(150);
  }

  @Test
  void aRequestReplyScenarioOverlaysItsRoundTrips() throws Exception {
    ReportInput.Scenario scenario =
        (ReportInput.Scenario) ReportInput.read(ReportFixtures.requestReplyScenario(dir));

    List<CellDistributions.Curve> curves =
        CellDistributions.of(scenario, LeadingLatency.ROUND_TRIP);

    assertThat(curves)
        .extracting(CellDistributions.Curve::cell)
        .containsExactly("rate=100", "rate=300");
    // The replier answers 2 ms after each request came: no round trip is shorter.
    for (CellDistributions.Curve curve : curves) {
      assertThat(curve.points().get(0).millis()).isGreaterThanOrEqualTo(2.0);
    }
  }

  @Test
  void oneCellAloneHasNoOverlay() throws Exception {
    ReportInput.Scenario scenario =
        (ReportInput.Scenario) ReportInput.read(ReportFixtures.scenario(dir, List.of("4000")));
    ReportInput.Scenario first =
        new ReportInput.Scenario(
            scenario.title(), scenario.scenario(), scenario.cells().subList(0, 1));

    assertThat(CellDistributions.of(first, LeadingLatency.END_TO_END)).isEmpty();
  }
}
