package io.brokerbench.maven;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Runs a scenario file, as {@code bench scenario run FILE} does: every cell's result files and the
 * scenario's HTML report under {@code target/brokerbench/ID}. The verify goal fails the build when
 * a cell failed, lost messages or missed a threshold of the file.
 */
@Mojo(name = "scenario", defaultPhase = LifecyclePhase.INTEGRATION_TEST, threadSafe = true)
public class ScenarioMojo extends BenchMojo {
  /** The scenario file (YAML), relative to the project's directory. */
  @Parameter(required = true)
  File scenario;

  /** Runs the file's short variant ({@code --short}), as a quick check in every build would. */
  @Parameter(property = "brokerbench.short", defaultValue = "false")
  boolean shortVariant;

  @Override
  List<String> command(Path directory) {
    List<String> command = new ArrayList<>(List.of("scenario", "run", scenario.getPath()));
    if (shortVariant) {
      command.add("--short");
    }
    command.addAll(arguments);
    command.addAll(List.of("-o", directory.toString()));
    return command;
  }
}
