package io.brokerbench.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** A run, from the start of sending to its result. */
@Name("brokerbench.Run")
@Label("Run")
@Category("brokerbench")
// Always the reporting thread: its stack says nothing.
@StackTrace(false)
@Description("A brokerbench run, from the start of sending to its result")
final class RunEvent extends Event {
  @Label("Driver")
  String driver;

  @Label("Target")
  String target;

  @Label("Status")
  @Description("completed, interrupted or failed")
  String status;

  @Label("Sent")
  long sent;

  @Label("Received")
  long received;

  @Label("Lost")
  long lost;

  @Label("Validity")
  @Description("valid, or suspect with the reasons")
  String validity;
}
