package io.brokerbench.cli;

import io.brokerbench.report.BenchmarkJson;
import io.brokerbench.report.ConsoleReport;
import io.brokerbench.report.PrometheusEndpoint;
import io.brokerbench.report.ReportContext;
import io.brokerbench.report.ReportFormat;
import io.brokerbench.report.ReportFormats;
import io.brokerbench.report.ReportSink;
import io.brokerbench.report.RunDirectory;
import io.brokerbench.workload.DurationSyntax;
import io.brokerbench.workload.WorkloadException;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Option;

/** Where results go besides the console. */
final class OutputOptions {
  @Option(
      names = {"-o", "--output-dir"},
      description =
          "Write "
              + RunDirectory.RESULT
              + " (the whole result), "
              + RunDirectory.INTERVALS
              + " (per interval), "
              + RunDirectory.HISTOGRAM_LOG
              + " (HdrHistogram interval log), "
              + RunDirectory.THRESHOLDS
              + " (thresholds as JUnit XML) and "
              + BenchmarkJson.SMALLER
              + " and "
              + BenchmarkJson.BIGGER
              + " (for benchmark-tracking CI actions) into this directory.")
  Path outputDir;

  @Option(
      names = "--prometheus-port",
      description = "Serve metrics at http://HOST:PORT/metrics during the run.")
  Integer prometheusPort;

  @Option(
      names = "--prometheus-host",
      defaultValue = "127.0.0.1",
      description =
          "The address the metrics are served on (default: ${DEFAULT-VALUE}); 0.0.0.0 for a"
              + " Prometheus on another host, such as in a Kubernetes pod.")
  String prometheusHost;

  @Option(
      names = "--prometheus-linger",
      defaultValue = "0s",
      description =
          "After the run, keep serving its final values this long (such as 2s, more than the"
              + " scrape interval), so Prometheus scrapes them before the process ends (default:"
              + " ${DEFAULT-VALUE}).")
  String prometheusLinger;

  @Option(
      names = "--report",
      split = ",",
      description =
          "Console reports by name: ${COMPLETION-CANDIDATES}. Default: brokerbench plus the one"
              + " the driver's users know (amqp091: perftest, amqp10: quiver, rocketmq:"
              + " rocketmq).",
      completionCandidates = ReportNames.class)
  List<String> reports = new ArrayList<>();

  @Option(
      names = {"-d", "--id"},
      description =
          "Test id at the start of the perftest report's lines (PerfTest's --id; default:"
              + " ${DEFAULT-VALUE}).",
      defaultValue = "brokerbench")
  String testId;

  @Option(names = "--verbose", description = "Print stack traces with errors.")
  boolean verbose;

  /**
   * The console reports for a run.
   *
   * @param familiar the report the driver's users know, printed by default beside brokerbench's
   *     own; null for none
   * @throws io.brokerbench.workload.WorkloadException for an unknown report name
   */
  List<ReportSink> consoleReports(String familiar, PrintWriter out) {
    Set<String> names = new LinkedHashSet<>(reports);
    if (names.isEmpty()) {
      names.add(ConsoleReport.NAME);
      if (familiar != null) {
        names.add(familiar);
      }
    }
    List<ReportFormat> formats = names.stream().map(ReportFormats::find).toList();
    boolean intervalsElsewhere = formats.stream().anyMatch(ReportFormat::printsIntervals);
    ReportContext context = new ReportContext(out, testId, intervalsElsewhere);
    return formats.stream().map(f -> f.create(context)).toList();
  }

  /** The names of the report formats found, for the help text. */
  static final class ReportNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return ReportFormats.available().stream().map(ReportFormat::name).iterator();
    }
  }

  /**
   * Opens the file and endpoint sinks.
   *
   * @throws WorkloadException when the directory cannot be written or the port bound
   */
  List<ReportSink> sinks() {
    return sinks(outputDir);
  }

  /**
   * Opens the file sinks for a run whose files go to {@code dir} (null for none), and the endpoint.
   *
   * @throws WorkloadException when the directory cannot be written or the port bound
   */
  List<ReportSink> sinks(Path dir) {
    Duration linger = DurationSyntax.parse(prometheusLinger);
    List<ReportSink> sinks = new ArrayList<>();
    if (dir != null) {
      try {
        sinks.addAll(RunDirectory.of(dir).sinks());
      } catch (IOException | RuntimeException e) {
        closeAll(sinks);
        throw new WorkloadException(
            "cannot write results to "
                + dir
                + " ("
                + reason(e)
                + "): choose a writable --output-dir");
      }
    }
    if (prometheusPort != null) {
      try {
        sinks.add(
            new PrometheusEndpoint(new InetSocketAddress(prometheusHost, prometheusPort))
                .lingering(linger));
      } catch (IOException | RuntimeException e) {
        closeAll(sinks);
        throw new WorkloadException(
            "cannot serve Prometheus metrics on "
                + prometheusHost
                + ":"
                + prometheusPort
                + " ("
                + reason(e)
                + "): choose another --prometheus-port or --prometheus-host");
      }
    }
    return sinks;
  }

  private static String reason(Exception e) {
    String message = e.getMessage();
    return e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
  }

  private static void closeAll(List<ReportSink> sinks) {
    for (ReportSink sink : sinks) {
      try {
        sink.close();
      } catch (IOException e) {
        // Already failing with a clearer message.
      }
    }
  }
}
