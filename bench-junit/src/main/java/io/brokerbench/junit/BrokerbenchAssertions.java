package io.brokerbench.junit;

import io.brokerbench.result.RunResult;

/**
 * Entry point of the assertions on results, AssertJ style:
 *
 * <pre>{@code
 * import static io.brokerbench.junit.BrokerbenchAssertions.assertThat;
 *
 * assertThat(result)
 *     .hasNoLoss()
 *     .meets("received.rate >= 4900")
 *     .latency(LatencyKind.END_TO_END).percentile(99).isBelow(Duration.ofMillis(20));
 * assertThat(result).step(2).latency(LatencyKind.END_TO_END).percentile(99.9)
 *     .isBelow(Duration.ofMillis(50));
 * }</pre>
 *
 * Each assertion is a threshold ({@link io.brokerbench.threshold.Threshold}) checked on the result:
 * the same model and the same words as {@code bench run --assert}.
 */
public final class BrokerbenchAssertions {
  private BrokerbenchAssertions() {}

  /** Assertions on a run's result. */
  public static RunResultAssert assertThat(RunResult result) {
    return new RunResultAssert(result, "");
  }
}
