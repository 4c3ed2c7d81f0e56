package io.brokerbench.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/** An interval whose sends left later than their schedule by more than a millisecond. */
@Name("brokerbench.ScheduleSlip")
@Label("Schedule Slip")
@Category("brokerbench")
// Always the reporting thread: its stack says nothing.
@StackTrace(false)
@Description(
    "Sends left late against their schedule: the generator, its in-flight window or the broker's"
        + " back-pressure set the pace")
final class SlipEvent extends Event {
  @Label("Interval")
  int index;

  @Label("Slip p99")
  @Timespan(Timespan.MICROSECONDS)
  long p99;

  @Label("Slip Max")
  @Timespan(Timespan.MICROSECONDS)
  long max;
}
