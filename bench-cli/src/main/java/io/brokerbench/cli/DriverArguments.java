package io.brokerbench.cli;

import io.brokerbench.spi.DriverOption;
import io.brokerbench.spi.DriverProvider;
import io.brokerbench.spi.ToolAlias;
import io.brokerbench.workload.WorkloadException;
import io.brokerbench.workload.WorkloadSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;

/**
 * A driver's part of a command line, shared by every command that takes a driver ({@code bench run
 * <driver>}, {@code bench max-rate <driver>}): the driver's own options and its tool's aliases
 * added from its declarations, and read back by name after parsing.
 */
final class DriverArguments {
  private DriverArguments() {}

  /**
   * Adds the workload options (first), the driver's options, its positional argument and its tool
   * aliases to its command.
   */
  static void declare(CommandSpec spec, DriverProvider provider) {
    WorkloadOptions.declare(spec);
    spec.name(provider.name());
    spec.usageMessage().header(provider.description());
    for (ToolAlias alias : provider.toolAliases()) {
      spec.addOption(
          OptionSpec.builder(alias.name())
              .description("Same as --" + alias.workloadOption() + " (" + alias.tool() + ")")
              .type(String.class)
              .paramLabel("<" + alias.workloadOption() + ">")
              .build());
    }
    for (DriverOption option : provider.options()) {
      List<String> names = new ArrayList<>();
      names.add("--" + option.name());
      names.addAll(option.aliases());
      OptionSpec.Builder builder =
          OptionSpec.builder(names.toArray(new String[0]))
              .description(
                  (option.description()
                          + (option.defaultValue() == null
                              ? ""
                              : " (default: " + option.defaultValue() + ")"))
                      .replace("%", "%%"))
              .interactive(false)
              .hidden(false);
      if (option.flag()) {
        // "--declare" alone means true; "--declare false" turns a default-true option off.
        builder.type(boolean.class).arity("0..1").fallbackValue("true").paramLabel("true|false");
      } else {
        builder.type(String.class).paramLabel("<" + option.name() + ">");
      }
      spec.addOption(builder.build());
      if (option.positional()) {
        spec.addPositional(
            PositionalParamSpec.builder()
                .index("0")
                .arity("0..1")
                .paramLabel("<" + option.name() + ">")
                .description(
                    ("Same as --" + option.name() + ": " + option.description()).replace("%", "%%"))
                .type(String.class)
                .build());
      }
    }
  }

  /**
   * The workload options as given on the parsed command line, with the driver's tool aliases.
   *
   * @throws WorkloadException naming the first value that is not valid
   */
  static WorkloadSpec workloadSpec(CommandSpec spec, DriverProvider provider) {
    ParseResult parsed = spec.commandLine().getParseResult();
    WorkloadSpec workload = WorkloadOptions.spec(parsed);
    for (ToolAlias alias : provider.toolAliases()) {
      OptionSpec matched = parsed.matchedOption(alias.name());
      if (matched != null) {
        workload = workload.withText(alias.workloadOption(), matched.getValue());
      }
    }
    return workload;
  }

  /**
   * The driver's options as given on the parsed command line, by name, with its {@code -f} flags.
   *
   * @throws WorkloadException for a flag the driver does not know, or a positional argument given
   *     twice
   */
  static Map<String, String> driverOptions(CommandSpec spec, DriverProvider provider) {
    ParseResult parsed = spec.commandLine().getParseResult();
    Map<String, String> values = new LinkedHashMap<>();
    for (DriverOption option : provider.options()) {
      OptionSpec matched = parsed.matchedOption("--" + option.name());
      if (matched != null) {
        Object value = matched.getValue();
        values.put(option.name(), String.valueOf(value));
      }
    }
    if (parsed.hasMatchedPositional(0)) {
      DriverOption positional =
          provider.options().stream().filter(DriverOption::positional).findFirst().orElseThrow();
      if (values.containsKey(positional.name())) {
        throw new WorkloadException(
            "give --" + positional.name() + " or the positional argument, not both");
      }
      values.put(positional.name(), parsed.matchedPositional(0).getValue());
    }
    for (String flag : WorkloadOptions.spec(parsed).driverFlags()) {
      boolean declared =
          provider.options().stream().anyMatch(o -> o.flag() && o.name().equals(flag));
      if (!declared) {
        throw new WorkloadException(
            "flag '"
                + flag
                + "' is not supported by driver "
                + provider.name()
                + ": use persistent"
                + provider.options().stream()
                    .filter(DriverOption::flag)
                    .map(o -> ", " + o.name())
                    .reduce("", String::concat));
      }
      values.put(flag, "true");
    }
    return values;
  }
}
