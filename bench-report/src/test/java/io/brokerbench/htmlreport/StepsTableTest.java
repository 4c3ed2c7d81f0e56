package io.brokerbench.htmlreport;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.result.RunResult;
import io.brokerbench.result.StepResult;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StepsTableTest {
  @Test
  void aSweepHasARowPerStepWithItsTargetAchievedRateAndLatency(@TempDir Path dir) throws Exception {
    RunResult result = ResultFile.read(ReportFixtures.steppedRun(dir).resolve(ResultFile.NAME));

    List<StepsTable.Row> rows = StepsTable.rows(result);

    // Numbered from 0, as the results and the thresholds (step0.e2e.p99) number them.
    assertThat(rows).extracting(StepsTable.Row::step).containsExactly(0, 1, 2);
    assertThat(rows)
        .extracting(StepsTable.Row::targetPerSecond)
        .containsExactly(1_000.0, 3_000.0, 6_000.0);
    for (StepsTable.Row row : rows) {
      // The step's own rates: how close they came to the target is the machine's speed (a loaded
      // host once sent 1,510 msg/s in the 1,000 msg/s step, catching up the warm-up's backlog).
      StepResult step = result.figures().steps().get(row.step());
      assertThat(row.sentPerSecond()).isPositive().isEqualTo(step.totals().rates().sentPerSecond());
      assertThat(row.receivedPerSecond())
          .isPositive()
          .isEqualTo(step.totals().rates().receivedPerSecond());
      assertThat(row.e2e().p50Millis()).isPositive().isLessThanOrEqualTo(row.e2e().p99Millis());
      assertThat(row.e2e().p99Millis()).isLessThanOrEqualTo(row.e2e().maxMillis());
    }
  }
}
