package io.brokerbench.maven;

import io.brokerbench.htmlreport.HtmlReport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Runs one workload, as {@code bench run DRIVER OPTIONS} does, and writes its result files, its
 * HTML report and (with thresholds) its JUnit XML under {@code target/brokerbench/ID}. The build
 * does not fail here: the verify goal fails it when the run failed, lost messages or missed a
 * threshold.
 */
@Mojo(name = "run", defaultPhase = LifecyclePhase.INTEGRATION_TEST, threadSafe = true)
public class RunMojo extends BenchMojo {
  /**
   * The driver, as {@code bench drivers} lists them (such as {@code amqp091}); with no broker named
   * in {@link #arguments}, the drivers that have one start an embedded broker.
   */
  @Parameter(required = true)
  String driver;

  /**
   * Thresholds the run must meet, as {@code --assert} takes them (such as {@code e2e.p99 < 50ms} or
   * {@code lost == 0}).
   */
  @Parameter List<String> thresholds = new ArrayList<>();

  /** Writes {@code report.html} beside the run's files. */
  @Parameter(property = "brokerbench.report", defaultValue = "true")
  boolean report;

  @Override
  List<String> command(Path directory) {
    List<String> command = new ArrayList<>(List.of("run", driver));
    command.addAll(arguments);
    command.addAll(List.of("-o", directory.toString()));
    for (String threshold : thresholds) {
      command.addAll(List.of("--assert", threshold));
    }
    return command;
  }

  @Override
  void afterRun(Path directory) throws MojoExecutionException {
    if (!report) {
      return;
    }
    Path page = directory.resolve("report.html");
    try {
      HtmlReport.write(List.of(directory), page);
    } catch (IOException | RuntimeException e) {
      throw new MojoExecutionException("brokerbench: cannot write " + page + ": " + e, e);
    }
    getLog().info("brokerbench: report " + page);
  }
}
