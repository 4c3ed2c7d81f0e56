package io.brokerbench.jmh;

import io.brokerbench.rate.OpenLoopSchedule;
import io.brokerbench.workload.CatchUpPolicy;
import io.brokerbench.workload.RateProfile;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One step of the open-loop schedule: the intended time of the next send at a fixed rate.
 *
 * <p>How to run: {@code java -jar bench-jmh/target/benchmarks.jar OpenLoopSchedule -prof gc}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class OpenLoopScheduleBenchmark {
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
