package io.brokerbench.jfr;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.report.ReportSink;
import io.brokerbench.result.Environment;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.ThresholdOutcome;
import io.brokerbench.result.Validity;
import io.brokerbench.result.WorkloadSummary;
import java.util.Map;
import jdk.jfr.FlightRecorder;

/**
 * Emits a run's JDK Flight Recorder events: a {@code brokerbench.Run} spanning it, a {@code
 * brokerbench.Interval} spanning each interval, a {@code brokerbench.ScheduleSlip} for each
 * interval whose sends left a millisecond or more late, a {@code brokerbench.Notice} for each
 * notice and a {@code brokerbench.Threshold} for each threshold. A sink like the others, so nothing
 * of it runs on the send or receive path; {@link io.brokerbench.BenchmarkRun} adds it only while a
 * recording is running.
 *
 * <pre>{@code
 * java -XX:StartFlightRecording=filename=run.jfr -jar bench-cli.jar run amqp091 -r 5000 -z 60s
 * jfr print --events brokerbench.Interval run.jfr
 * }</pre>
 */
public final class FlightRecorderEvents implements ReportSink {
  /** Slips shorter than this are scheduling noise, not worth an event. */
  static final long SLIP_MICROS = 1_000;

  private RunEvent run;
  private IntervalEvent interval;

  /**
   * True when a flight recording has been started in this JVM (at its start with {@code
   * -XX:StartFlightRecording}, or since): only then are the events worth making.
   */
  public static boolean recording() {
    return FlightRecorder.isInitialized();
  }

  @Override
  public void started(Environment environment, WorkloadSummary workload) {
    run = new RunEvent();
    run.driver = environment.driver();
    run.target = environment.target();
    run.begin();
    interval = new IntervalEvent();
    interval.begin();
  }

  @Override
  public void interval(IntervalSample sample, LatencyHistograms histograms) {
    IntervalEvent e = interval != null ? interval : new IntervalEvent();
    e.index = sample.index();
    e.step = sample.step();
    e.warmup = sample.warmup();
    e.sentPerSecond = sample.rates().sentPerSecond();
    e.confirmedPerSecond = sample.rates().confirmedPerSecond();
    e.receivedPerSecond = sample.rates().receivedPerSecond();
    Map<String, LatencySummary> latency = sample.latency();
    LatencySummary e2e = latency.get(LatencyKind.END_TO_END.key());
    LatencySummary confirm = latency.get(LatencyKind.CONFIRM.key());
    LatencySummary rtt = latency.get(LatencyKind.ROUND_TRIP.key());
    LatencySummary unsent = latency.get(LatencyKind.UNSENT.key());
    if (e2e != null) {
      e.e2eP50 = (long) e2e.p50Micros();
      e.e2eP99 = (long) e2e.p99Micros();
      e.e2eMax = (long) e2e.maxMicros();
    }
    if (confirm != null) {
      e.confirmP50 = (long) confirm.p50Micros();
      e.confirmP99 = (long) confirm.p99Micros();
      e.confirmMax = (long) confirm.maxMicros();
    }
    if (rtt != null) {
      e.rttP99 = (long) rtt.p99Micros();
    }
    e.unsent = unsent == null ? 0 : unsent.count();
    e.cpuPercent = sample.cpuPercent();
    e.commit();
    LatencySummary slip = latency.get(LatencyKind.SCHEDULE_SLIP.key());
    if (slip != null && slip.maxMicros() >= SLIP_MICROS) {
      SlipEvent s = new SlipEvent();
      s.index = sample.index();
      s.p99 = (long) slip.p99Micros();
      s.max = (long) slip.maxMicros();
      s.commit();
    }
    // The next interval starts where this one ended.
    interval = new IntervalEvent();
    interval.begin();
  }

  @Override
  public void notice(String message) {
    NoticeEvent e = new NoticeEvent();
    e.message = message;
    e.commit();
  }

  @Override
  public void finished(RunResult result) {
    for (ThresholdOutcome t : result.verdict().thresholds()) {
      ThresholdEvent e = new ThresholdEvent();
      e.threshold = t.threshold();
      e.verdict = t.verdict();
      e.message = t.message();
      e.commit();
    }
    RunEvent e = run != null ? run : new RunEvent();
    e.status = result.ending().status();
    e.sent = result.figures().totals().counts().sent();
    e.received = result.figures().totals().counts().received();
    e.lost = result.figures().integrity().lost();
    Validity validity = result.validity();
    e.validity =
        validity.valid() ? Validity.VALID : Validity.SUSPECT + " (" + validity.codes() + ")";
    e.commit();
  }
}
