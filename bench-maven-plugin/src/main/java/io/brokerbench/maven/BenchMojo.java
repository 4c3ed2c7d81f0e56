package io.brokerbench.maven;

import io.brokerbench.cli.ExitCodes;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * What the goals that run brokerbench share: the command in a JVM of its own, bounded in time, its
 * files in a directory of its own under {@code target/brokerbench}, and its exit code kept there
 * for the verify goal.
 */
abstract class BenchMojo extends BrokerbenchMojo {
  /** The run's directory under {@link #resultsDirectory}: by default the execution's id. */
  @Parameter(defaultValue = "${mojoExecution.executionId}")
  String name;

  /**
   * More options of the command, one per element as a shell would split them, such as {@code
   * <argument>-r</argument><argument>1000</argument>}.
   */
  @Parameter List<String> arguments = new ArrayList<>();

  /** Options for the JVM that runs the command, such as {@code -Xmx1g}. */
  @Parameter List<String> jvmArguments = new ArrayList<>();

  /**
   * The longest the command may take, in seconds; past it, it is stopped as Ctrl-C stops it
   * (results so far written) and the goal fails.
   */
  @Parameter(property = "brokerbench.timeout", defaultValue = "3600")
  long timeout;

  @Parameter(defaultValue = "${plugin.artifacts}", readonly = true, required = true)
  List<Artifact> pluginArtifacts;

  @Parameter(defaultValue = "${project.basedir}", readonly = true, required = true)
  File basedir;

  /** The command's arguments, writing into {@code directory}. */
  abstract List<String> command(Path directory);

  /** What the goal does with a run that ended with a code the verify goal decides on. */
  void afterRun(Path directory) throws MojoExecutionException {}

  @Override
  public final void execute() throws MojoExecutionException, MojoFailureException {
    if (skipped()) {
      return;
    }
    Path directory = resultsDirectory.toPath().resolve(name);
    List<String> command = command(directory);
    ForkedBench.Ending ending;
    try {
      Files.deleteIfExists(directory.resolve(RunOutcome.FILE));
      ending = fork().run(command, timeout, getLog()::info, directory.resolve("console.txt"));
    } catch (IOException e) {
      throw new MojoExecutionException("brokerbench: cannot run " + command + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MojoFailureException("brokerbench: interrupted");
    }
    if (ending.timedOut()) {
      throw new MojoFailureException(
          "brokerbench: the run did not end within "
              + timeout
              + " s and was stopped; its results so far are in "
              + directory
              + ": give it longer with <timeout> or -Dbrokerbench.timeout");
    }
    int code = ending.exitCode();
    if (code == ExitCodes.USAGE) {
      throw new MojoExecutionException(
          "brokerbench: the command line is wrong (the line above says how): check the goal's"
              + " configuration "
              + command);
    }
    if (code != ExitCodes.OK && code > ExitCodes.INCONCLUSIVE) {
      throw new MojoFailureException(
          "brokerbench: " + ExitCodes.meaning(code) + " (exit " + code + ")");
    }
    RunOutcome outcome = new RunOutcome(directory, code);
    try {
      outcome.write();
    } catch (IOException e) {
      throw new MojoExecutionException("brokerbench: cannot write " + RunOutcome.FILE, e);
    }
    afterRun(directory);
    getLog().info("brokerbench: " + outcome.describe() + "; the verify goal decides the build");
  }

  private ForkedBench fork() {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    String classPath =
        pluginArtifacts.stream()
            .map(Artifact::getFile)
            .filter(file -> file != null)
            .map(File::getPath)
            .collect(Collectors.joining(File.pathSeparator));
    return new ForkedBench(java, jvmArguments, classPath, basedir.toPath());
  }
}
