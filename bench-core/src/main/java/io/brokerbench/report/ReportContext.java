package io.brokerbench.report;

import java.io.PrintWriter;

/**
 * What a console report needs to know besides the run's results.
 *
 * @param out where to print
 * @param testId the id a report may start its lines with (PerfTest's {@code --id})
 * @param intervalsPrintedElsewhere true when another chosen report prints a line per interval
 */
public record ReportContext(PrintWriter out, String testId, boolean intervalsPrintedElsewhere) {}
