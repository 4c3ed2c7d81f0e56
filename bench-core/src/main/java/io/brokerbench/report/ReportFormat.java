package io.brokerbench.report;

/**
 * A console report found by name, like drivers are: brokerbench's own, and the imitations of the
 * output of the tools users come from (PerfTest's summary, quiver's table, the RocketMQ benchmark's
 * lines), each shipped with its driver. Registered in {@code META-INF/services} and found by {@link
 * java.util.ServiceLoader} through {@link ReportFormats}.
 *
 * <p>Implementations must have a public no-argument constructor and be cheap to construct.
 */
public interface ReportFormat {

  /** The name a user chooses it by, such as {@code perftest}. */
  String name();

  /** One line saying what it prints. */
  String description();

  /** True when it prints a line per interval (brokerbench's own report then prints none). */
  default boolean printsIntervals() {
    return false;
  }

  /** A sink printing this report for one run. */
  ReportSink create(ReportContext context);
}
