package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.report.JsonResult;
import io.brokerbench.report.RunDirectory;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.MessageCounts;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Warning;
import java.nio.file.Path;

/** What every fault test checks of a run the jar made, whatever the broker and the fault. */
final class FaultRunChecks {
  private FaultRunChecks() {}

  /** The run's {@code result.json} in {@code dir}, after checking it against the schema. */
  static RunResult result(Path dir) throws Exception {
    Path json = dir.resolve(RunDirectory.RESULT);
    ResultSchema.assertValid(json);
    return JsonResult.read(json);
  }

  /**
   * A failed run says one thing everywhere: exit 1, result.json's error, one line on standard error
   * and, for a run that measured something, the summary's error.
   */
  static void failedWithOneError(BenchProcess bench, int exit, RunResult result) {
    assertThat(exit).as("%s%s", bench.out(), bench.err()).isEqualTo(ExitCodes.RUN_FAILED);
    assertThat(result.ending().status()).isEqualTo(RunResult.FAILED);
    assertThat(bench.err()).isEqualTo("bench: run failed: " + result.ending().error() + "\n");
    if (!result.failedBeforeSending()) {
      assertThat(bench.out())
          .contains("== brokerbench summary (failed) ==")
          .contains("error: " + result.ending().error());
    }
  }

  /**
   * Every message sent is confirmed, refused or failed, or still unconfirmed at the end: over the
   * whole run, warm-up included (a message sent in the warm-up may be answered after it).
   */
  static void everySentMessageAccountedFor(RunResult result) {
    MessageCounts c = MessageCounts.ZERO;
    for (IntervalSample interval : result.figures().intervals()) {
      c = c.then(interval.counts());
    }
    assertThat(c.sent()).isPositive();
    assertThat(c.confirmed() + c.notAccepted().total() + c.unconfirmed()).isEqualTo(c.sent());
  }

  /**
   * A run that ended early against a frozen broker (failed, or interrupted): a message the broker
   * confirmed before it froze may never have reached the consumer, so some may count as lost, and
   * the result says the run ended early beside that loss. How many depends on how far the consumer
   * trailed the producer at the freeze, which a loaded machine decides (CI with three test forks
   * saw 2,056 at 2,000 msg/s, a second's worth): not a count to bound, but every lost message must
   * be one the broker confirmed and no consumer received.
   */
  static void lossOnlyFromEndingEarly(RunResult result) {
    long lost = result.figures().integrity().lost();
    long confirmed = result.figures().totals().counts().confirmed();
    assertThat(lost).isLessThanOrEqualTo(confirmed);
    assertThat(result.figures().integrity().unique() + lost).isGreaterThanOrEqualTo(confirmed);
    if (lost > 0) {
      assertThat(result.verdict().warnings())
          .filteredOn(w -> w.code().equals(Warning.LOSS))
          .singleElement()
          .satisfies(w -> assertThat(w.message()).contains("(the run ended early: "));
    }
  }

  /**
   * What open-loop measurement owes a freeze of at least {@code frozenSeconds} in a run of {@code
   * runSeconds}: every message intended during it waits for its end, so the slowest 1% of the run
   * waited at least the freeze less 1% of the run, and the first of them the whole freeze. A loaded
   * machine can only add to latency from the intended send time (a broker or generator stall beside
   * the freeze: CI once saw a RocketMQ broker stall 4 s next to the other fault class, and once a
   * RocketMQ run's slowest 1% wait 10.8 s), so these are lower bounds; how closely the figures
   * match the truth is measured against a packet capture, by hand, not here. The upper bound is the
   * life of the process that measured: no message waited longer than that.
   */
  static void freezeShows(
      BenchProcess bench, LatencySummary latency, double frozenSeconds, int runSeconds) {
    double p99 = latency.p99Micros() / 1e6;
    double max = latency.maxMicros() / 1e6;
    double lived = bench.elapsed().toNanos() / 1e9;
    String what =
        String.format(
            "p99 %.3f s, max %.3f s, freeze of %.3f s, process lived %.3f s%n%s",
            p99, max, frozenSeconds, lived, bench.out());
    assertThat(p99).as(what).isGreaterThanOrEqualTo(frozenSeconds - 0.01 * runSeconds - 0.03);
    assertThat(max).as(what).isGreaterThanOrEqualTo(frozenSeconds - 0.05).isLessThan(lived);
  }
}
