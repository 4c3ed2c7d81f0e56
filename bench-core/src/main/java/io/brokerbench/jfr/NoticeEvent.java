package io.brokerbench.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** Something a run said as it happened: the broker's flow control, a lost connection, … */
@Name("brokerbench.Notice")
@Label("Notice")
@Category("brokerbench")
// Always the reporting thread: its stack says nothing.
@StackTrace(false)
@Description("What the run said as it happened: flow control, lost and regained connections")
final class NoticeEvent extends Event {
  @Label("Message")
  String message;
}
