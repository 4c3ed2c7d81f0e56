package io.brokerbench.jmh;

import io.brokerbench.rate.OpenLoopSchedule;
import io.brokerbench.workload.CatchUpPolicy;
import io.brokerbench.workload.RateProfile;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/**
 * One step of the open-loop schedule: the intended time of the next send at a fixed rate.
 *
 * <p>How to run: {@code java -jar bench-jmh/target/benchmarks.jar OpenLoopSchedule -prof gc}
 */
public class OpenLoopScheduleBenchmark extends HotPathBenchmark {
  private OpenLoopSchedule fixed;
  private OpenLoopSchedule unlimited;

  /** Fresh schedules. */
  @Setup
  public void setUp() {
    fixed = new OpenLoopSchedule(RateProfile.fixed(1_000_000), 1, CatchUpPolicy.BURST, 0);
    unlimited = new OpenLoopSchedule(RateProfile.unlimited(), 1, CatchUpPolicy.BURST, 0);
  }

  /** Next intended time at a fixed rate. */
  @Benchmark
  public long fixedRateNext() {
    return fixed.next(0);
  }

  /** Next intended time without a rate limit. */
  @Benchmark
  public long unlimitedNext() {
    return unlimited.next(12_345);
  }
}
