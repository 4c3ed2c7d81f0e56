package io.brokerbench.maven;

import java.io.File;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugins.annotations.Parameter;

/** What every goal shares: where the runs' directories are, and when the goals are skipped. */
abstract class BrokerbenchMojo extends AbstractMojo {
  /** The directory under which each execution writes its run's directory. */
  @Parameter(
      property = "brokerbench.resultsDirectory",
      defaultValue = "${project.build.directory}/brokerbench")
  File resultsDirectory;

  /** Skips the goal; {@code -DskipITs} and {@code -DskipTests} skip it too, as failsafe's. */
  @Parameter(property = "brokerbench.skip", defaultValue = "false")
  boolean skip;

  @Parameter(property = "skipITs", defaultValue = "false")
  boolean skipITs;

  @Parameter(property = "skipTests", defaultValue = "false")
  boolean skipTests;

  /** True, after saying so, when the goal is to be skipped. */
  boolean skipped() {
    if (skip || skipITs || skipTests) {
      getLog().info("brokerbench: skipped");
      return true;
    }
    return false;
  }
}
