package io.brokerbench.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/** One interval of a run, spanning it, with its rates and latency percentiles. */
@Name("brokerbench.Interval")
@Label("Interval")
@Category("brokerbench")
// Always the reporting thread: its stack says nothing.
@StackTrace(false)
@Description("One reporting interval of a brokerbench run: rates and latency percentiles")
final class IntervalEvent extends Event {
  @Label("Index")
  int index;

  @Label("Step")
  int step;

  @Label("Warm-up")
  boolean warmup;

  @Label("Sent per Second")
  double sentPerSecond;

  @Label("Confirmed per Second")
  double confirmedPerSecond;

  @Label("Received per Second")
  double receivedPerSecond;

  @Label("End-to-end p50")
  @Description("From the intended send time")
  @Timespan(Timespan.MICROSECONDS)
  long e2eP50;

  @Label("End-to-end p99")
  @Timespan(Timespan.MICROSECONDS)
  long e2eP99;

  @Label("End-to-end Max")
  @Timespan(Timespan.MICROSECONDS)
  long e2eMax;

  @Label("Confirm p50")
  @Timespan(Timespan.MICROSECONDS)
  long confirmP50;

  @Label("Confirm p99")
  @Timespan(Timespan.MICROSECONDS)
  long confirmP99;

  @Label("Confirm Max")
  @Timespan(Timespan.MICROSECONDS)
  long confirmMax;

  @Label("Round Trip p99")
  @Timespan(Timespan.MICROSECONDS)
  long rttP99;

  @Label("Unsent")
  @Description("Sends the schedule intended that had not left by the interval's end")
  long unsent;

  @Label("Client CPU")
  @Description("The generator's process, 100 per fully used core")
  double cpuPercent;
}
