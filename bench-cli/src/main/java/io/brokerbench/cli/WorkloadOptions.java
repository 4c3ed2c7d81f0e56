package io.brokerbench.cli;

import io.brokerbench.workload.WorkloadOption;
import io.brokerbench.workload.WorkloadSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * The workload options on a command line, the same for every driver, made from the {@link
 * WorkloadOption} catalogue: names (PerfTest's short ones, quiver's long ones), help and defaults
 * come from each option's declaration, so the command line, its help and a scenario file cannot
 * disagree.
 *
 * <p>Each value is read back as the text typed and handed by name to {@link WorkloadSpec#of}, which
 * parses it and applies the rules as it does for a scenario file, so both give the same workload
 * and the same errors. An option not given stays not set.
 */
final class WorkloadOptions {
  /** The name of the mixin holding the workload options in a command's spec. */
  static final String MIXIN = "workloadOptions";

  private WorkloadOptions() {}

  /** Adds every workload option to {@code command}, ahead of the options it already has. */
  static void declare(CommandSpec command) {
    List<OptionSpec> existing = List.copyOf(command.options());
    existing.forEach(command::remove);
    CommandSpec mixin = CommandSpec.create();
    for (WorkloadOption<?> option : WorkloadOption.all()) {
      mixin.addOption(optionSpec(option));
    }
    command.addMixin(MIXIN, mixin);
    existing.forEach(command::addOption);
  }

  /**
   * The workload options given on a parsed command line.
   *
   * @throws io.brokerbench.workload.WorkloadException naming the first value that is not valid
   */
  static WorkloadSpec spec(ParseResult parsed) {
    Map<String, String> texts = new LinkedHashMap<>();
    for (WorkloadOption<?> option : WorkloadOption.all()) {
      OptionSpec matched = parsed.matchedOption("--" + option.name());
      if (matched != null) {
        Object value = matched.getValue();
        texts.put(
            option.name(),
            value instanceof List<?> list
                ? String.join(",", list.stream().map(String::valueOf).toList())
                : String.valueOf(value));
      }
    }
    return WorkloadSpec.of(texts);
  }

  private static OptionSpec optionSpec(WorkloadOption<?> option) {
    String help = option.help();
    if (option.shownDefault() != null) {
      String sentence = help.endsWith(".") ? help.substring(0, help.length() - 1) : help;
      help = sentence + " (default: " + option.shownDefault() + ").";
    }
    // PerfTest's multi-letter short names are exact option names, so picocli matches them before
    // trying to split them into clustered single-letter options (-qp is not -q p).
    OptionSpec.Builder builder =
        OptionSpec.builder(option.commandLineNames().toArray(new String[0]))
            .description(help.replace("%", "%%"));
    String label = "<" + (option.paramLabel() == null ? option.name() : option.paramLabel()) + ">";
    switch (option.form()) {
      case VALUE -> builder.type(String.class).paramLabel(label);
      case LIST ->
          builder.type(List.class).auxiliaryTypes(String.class).splitRegex(",").paramLabel(label);
      case SWITCH -> builder.type(Boolean.class).arity("0");
      case OPTIONAL_SWITCH ->
          builder.type(String.class).arity("0..1").fallbackValue("true").paramLabel("true|false");
    }
    return builder.build();
  }
}
