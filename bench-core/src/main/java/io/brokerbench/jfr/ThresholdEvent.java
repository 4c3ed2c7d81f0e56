package io.brokerbench.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** A threshold checked on the run's result. */
@Name("brokerbench.Threshold")
@Label("Threshold")
@Category("brokerbench")
// Always the reporting thread: its stack says nothing.
@StackTrace(false)
@Description("A threshold (--assert) checked on the run's result")
final class ThresholdEvent extends Event {
  @Label("Threshold")
  String threshold;

  @Label("Verdict")
  @Description("passed, failed or inconclusive")
  String verdict;

  @Label("Message")
  String message;
}
