package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The run cost guard fails on each kind of drift, with the number that moved. */
class RunCostBaselineTest {
  private static final RunCostBaseline BASELINE =
      RunCostBaseline.parse(RunCostBaseline.text(new RunCostBaseline.Cost(65_000_000, 10, 0.40)));

  @Test
  void aRunLikeItsBaselinePasses() {
    assertThat(BASELINE.regressions(new RunCostBaseline.Cost(66_000_000, 11, 1.9))).isEmpty();
  }

  @Test
  void aPerMessageAllocationFailsWithItsSize() {
    // One 16-byte object more per message.
    assertThat(BASELINE.regressions(new RunCostBaseline.Cost(65_000_000, 10, 16.4)))
        .singleElement()
        .isEqualTo(
            "run loopback allocated 16.4 B per message, above its baseline 0.4 B + 2.0 B:"
                + " something on the send or receive path allocates per message again");
  }

  @Test
  void moreStartUpAllocationOrThreadsFail() {
    assertThat(BASELINE.regressions(new RunCostBaseline.Cost(80_000_000, 13, 0.4)))
        .containsExactly(
            "run loopback -C 1 allocated 80.0 MB, above its baseline 65.0 MB + 10%: start-up"
                + " allocates more (a library loaded, a table built) than it did",
            "run loopback -C 1 started 13 threads, above its baseline 10 + 2");
  }
}
