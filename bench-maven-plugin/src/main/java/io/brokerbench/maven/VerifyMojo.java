package io.brokerbench.maven;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Fails the build when a run of the {@code run} or {@code scenario} goal failed, lost messages or
 * missed a threshold, naming each and where its files are (as {@code gatling:verify} and {@code
 * failsafe:verify} do).
 */
@Mojo(name = "verify", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class VerifyMojo extends BrokerbenchMojo {
  /**
   * Fails the build for a run whose thresholds held but which is suspect (exit 5: it may have
   * measured the generator or the machine, such as a run against an embedded broker). Set it to
   * {@code false} for smoke tests against embedded brokers.
   */
  @Parameter(property = "brokerbench.failOnSuspect", defaultValue = "true")
  boolean failOnSuspect;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skipped()) {
      return;
    }
    List<RunOutcome> outcomes;
    try {
      outcomes = RunOutcome.readAll(resultsDirectory.toPath());
    } catch (IOException e) {
      throw new MojoExecutionException("brokerbench: cannot read the runs' outcomes: " + e, e);
    }
    if (outcomes.isEmpty()) {
      getLog().warn("brokerbench: no run to verify under " + resultsDirectory);
      return;
    }
    List<String> failed = new ArrayList<>();
    for (RunOutcome outcome : outcomes) {
      if (outcome.passed() || (outcome.suspectOnly() && !failOnSuspect)) {
        getLog().info("brokerbench: " + outcome.describe());
      } else {
        failed.add(outcome.describe());
      }
    }
    if (!failed.isEmpty()) {
      failed.forEach(line -> getLog().error("brokerbench: " + line));
      throw new MojoFailureException(
          "brokerbench: "
              + failed.size()
              + " of "
              + outcomes.size()
              + " runs did not hold: "
              + String.join("; ", failed));
    }
  }
}
