package io.brokerbench.report;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.result.Environment;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.WorkloadSummary;
import java.io.IOException;

/**
 * Receives a run's results as they happen. Called on the run's reporting thread, one call at a
 * time; a sink that fails with an {@link IOException} is reported once and then ignored.
 */
public interface ReportSink extends AutoCloseable {

  /** Sending is about to start. */
  default void started(Environment environment, WorkloadSummary workload) throws IOException {}

  /**
   * One interval ended.
   *
   * @param sample the interval's figures
   * @param histograms the interval's raw latency histograms (nanoseconds) by kind; reused after the
   *     call returns
   */
  default void interval(IntervalSample sample, LatencyHistograms histograms) throws IOException {}

  /**
   * Something the reader should see as it happens, such as the broker blocking publishers; one
   * line, shown before the interval it happened in.
   */
  default void notice(String message) throws IOException {}

  /** The run ended (completed, interrupted or failed). */
  default void finished(RunResult result) throws IOException {}

  /** Releases files or ports. */
  @Override
  default void close() throws IOException {}
}
