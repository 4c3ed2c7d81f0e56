package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.contract.RequiredBroker;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;

/**
 * The PerfTest example, read from README.md's recipes and from the Quick examples of docs/usage.md
 * (the two must say the same) and run as a new user runs it against a fresh local RabbitMQ: it must
 * work without anything declared beforehand. Only its length and queue name are changed for the
 * test (1,000,000 messages to 2,000, {@code q1} to a name of its own).
 */
class ReadmeQuickExamplesIT {
  private static final Path README = Path.of("..", "README.md");
  private static final Path USAGE = Path.of("..", "docs", "usage.md");

  /** The commands of the first sh block of a page's section, continuation lines joined. */
  private static List<String> commands(Path page, String heading) throws IOException {
    String text = Files.readString(page);
    int section = text.indexOf("\n" + heading + "\n");
    assertThat(section).as("%s in %s", heading, page).isNotNegative();
    int start = text.indexOf("```sh\n", section) + "```sh\n".length();
    String block = text.substring(start, text.indexOf("```", start));
    List<String> commands = new ArrayList<>();
    StringBuilder command = new StringBuilder();
    for (String line : block.split("\n")) {
      String code = line.replaceFirst("\\s+#.*$", "").strip();
      if (code.isEmpty()) {
        continue;
      }
      command.append(code.endsWith("\\") ? code.substring(0, code.length() - 1) : code);
      if (!code.endsWith("\\")) {
        commands.add(command.toString().replaceAll("\\s+", " ").strip());
        command.setLength(0);
      } else {
        command.append(' ');
      }
    }
    return commands;
  }

  private static String perfTestLine(Path page, String heading) throws IOException {
    return commands(page, heading).stream()
        .filter(c -> c.contains(" -u q1 "))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no PerfTest line in " + page + "'s " + heading));
  }

  @Test
  void thePerfTestLineRunsOnAFreshBroker() throws IOException {
    RequiredBroker.require(answers(5672), "RabbitMQ at 127.0.0.1:5672");
    String example = perfTestLine(README, "## Recipes");
    assertThat(example)
        .as("the README's PerfTest recipe and the Quick examples of docs/usage.md")
        .isEqualTo(perfTestLine(USAGE, "## Quick examples"));
    String queue =
        "bb-readme-"
            + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36)
                .toLowerCase(Locale.ROOT);
    String shortened =
        example
            .replace(" -C 1000000 ", " -C 2000 ")
            .replace(" q1 ", " " + queue + " ")
            .replaceFirst("^\\$B ", "");
    assertThat(shortened).as("the example as the test runs it").contains(queue, " -C 2000 ");

    BenchCli cli = new BenchCli();
    int exit = cli.run(shortened.split(" "));

    assertThat(exit).as("%s%n%s%n%s", shortened, cli.out(), cli.err()).isZero();
    assertThat(cli.out()).contains("lost 0");
  }

  private static boolean answers(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
