package io.brokerbench.cli;

import io.brokerbench.spi.DriverOption;
import io.brokerbench.spi.DriverProvider;
import io.brokerbench.spi.UriPasswords;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine;

/** The command line of a run as the result records it: every password masked. */
final class CommandLineText {
  private CommandLineText() {}

  /**
   * The arguments the user typed, joined, with the values of the driver's secret options replaced
   * by {@value UriPasswords#MASK} and the password of any address masked.
   */
  static String masked(CommandLine command, DriverProvider provider) {
    Set<String> secretNames = new HashSet<>();
    for (DriverOption option : provider.options()) {
      if (option.secret()) {
        secretNames.add("--" + option.name());
        secretNames.addAll(option.aliases());
      }
    }
    return masked(command, secretNames);
  }

  /**
   * The arguments the user typed, joined, with the values of the options named {@code secretNames}
   * replaced by {@value UriPasswords#MASK} and the password of any address masked.
   */
  static String masked(CommandLine command, Set<String> secretNames) {
    CommandLine root = command;
    while (root.getParent() != null) {
      root = root.getParent();
    }
    List<String> words = new ArrayList<>(List.of(root.getCommandName()));
    boolean secretNext = false;
    for (String arg : root.getParseResult().originalArgs()) {
      int equals = arg.indexOf('=');
      if (secretNext) {
        words.add(UriPasswords.MASK);
      } else if (equals > 0 && secretNames.contains(arg.substring(0, equals))) {
        words.add(arg.substring(0, equals + 1) + UriPasswords.MASK);
      } else {
        words.add(UriPasswords.mask(arg));
      }
      secretNext = !secretNext && secretNames.contains(arg);
    }
    return String.join(" ", words);
  }
}
