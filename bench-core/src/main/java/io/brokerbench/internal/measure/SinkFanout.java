package io.brokerbench.internal.measure;

import io.brokerbench.report.ReportSink;
import io.brokerbench.result.Warning;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Calls a run's report sinks one after the other and keeps a failing sink from ending the run or
 * silencing the others: a sink that throws is closed, dropped and named in a warning.
 */
public final class SinkFanout {
  private final List<ReportSink> sinks;
  private final List<Warning> failures = new ArrayList<>();

  /** Fans out to these sinks. */
  public SinkFanout(List<ReportSink> sinks) {
    this.sinks = new ArrayList<>(sinks);
  }

  /** One call to a sink. */
  public interface SinkCall {
    /** Calls the sink. */
    void accept(ReportSink sink) throws IOException;
  }

  /** Makes the call on every sink still working. */
  public synchronized void each(SinkCall call) {
    for (var it = sinks.iterator(); it.hasNext(); ) {
      ReportSink sink = it.next();
      try {
        call.accept(sink);
      } catch (IOException | RuntimeException e) {
        failures.add(
            new Warning(
                Warning.REPORT_OUTPUT, "report output failed and was stopped: " + e.getMessage()));
        it.remove();
        closeQuietly(sink);
      }
    }
  }

  /** The sinks that failed so far, as warnings. */
  public synchronized List<Warning> failures() {
    return List.copyOf(failures);
  }

  /** Closes every sink. */
  public synchronized void close() {
    for (ReportSink sink : sinks) {
      closeQuietly(sink);
    }
    sinks.clear();
  }

  private static void closeQuietly(ReportSink sink) {
    try {
      sink.close();
    } catch (IOException | RuntimeException e) {
      // Closing after the results were taken changes no figure.
    }
  }
}
