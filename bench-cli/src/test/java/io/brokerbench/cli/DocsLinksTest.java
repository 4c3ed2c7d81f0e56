package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of README.md, docs/*.md (and the repository's other Markdown files) leads
 * somewhere: to a file or directory of the repository and, with a {@code #fragment}, to a heading
 * of that Markdown file, named by GitHub's rule (lowercase, punctuation dropped, spaces to '-',
 * repeated headings numbered). The README is short and the manual is in docs/, so a moved section
 * must not leave a link behind.
 */
class DocsLinksTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
  private static final Pattern CODE_SPAN = Pattern.compile("(`+)(?:(?!\\1).)+?\\1");
  private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
  private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");

  /** The pages of docs/. */
  private static List<Path> docs() throws IOException {
    try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
      return docs.filter(p -> p.toString().endsWith(".md")).sorted().toList();
    }
  }

  /** README.md, docs/*.md and every other Markdown file of the repository (not under target/). */
  private static List<Path> pages() throws IOException {
    Set<Path> pages = new LinkedHashSet<>();
    pages.add(ROOT.resolve("README.md"));
    pages.addAll(docs());
    Files.walkFileTree(
        ROOT,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
            String name = dir.getFileName().toString();
            return !dir.equals(ROOT)
                    && (name.startsWith(".")
                        || name.equals("target")
                        || name.equals("node_modules"))
                ? FileVisitResult.SKIP_SUBTREE
                : FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
            if (file.toString().endsWith(".md")) {
              pages.add(file);
            }
            return FileVisitResult.CONTINUE;
          }
        });
    return new ArrayList<>(pages);
  }

  /** The lines of a Markdown file outside fenced code blocks, with code spans removed. */
  private static List<String> prose(Path file) {
    List<String> lines = new ArrayList<>();
    String fence = null;
    try {
      for (String line : Files.readAllLines(file)) {
        String stripped = line.strip();
        if (fence == null && (stripped.startsWith("```") || stripped.startsWith("~~~"))) {
          fence = stripped.substring(0, 3);
        } else if (fence != null && stripped.startsWith(fence)) {
          fence = null;
        } else if (fence == null) {
          lines.add(CODE_SPAN.matcher(line).replaceAll(""));
        } else {
          lines.add("");
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return lines;
  }

  /** GitHub's anchor of a heading: lowercase, punctuation dropped, each space a '-'. */
  static String anchor(String heading) {
    String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1"); // a link's text only
    return text.toLowerCase(Locale.ROOT)
        .replaceAll("[^\\p{L}\\p{M}\\p{N}\\p{Pc} -]", "")
        .replace(' ', '-');
  }

  /** The anchors of a file's headings, repeated ones numbered as GitHub numbers them. */
  private static Set<String> anchors(Path file) {
    Set<String> anchors = new HashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    List<String> raw = new ArrayList<>();
    String fence = null;
    try {
      for (String line : Files.readAllLines(file)) {
        String stripped = line.strip();
        if (fence == null && (stripped.startsWith("```") || stripped.startsWith("~~~"))) {
          fence = stripped.substring(0, 3);
        } else if (fence != null && stripped.startsWith(fence)) {
          fence = null;
        } else if (fence == null) {
          raw.add(line);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    for (String line : raw) {
      Matcher heading = HEADING.matcher(line);
      if (heading.matches()) {
        String base = anchor(heading.group(2));
        int n = seen.merge(base, 1, Integer::sum) - 1;
        anchors.add(n == 0 ? base : base + "-" + n);
      }
    }
    return anchors;
  }

  @Test
  void anchorsFollowGitHubsRule() {
    assertThat(anchor("Workload options (the same for every driver)"))
        .isEqualTo("workload-options-the-same-for-every-driver");
    assertThat(anchor("Dependencies, and why each is there"))
        .isEqualTo("dependencies-and-why-each-is-there");
    assertThat(anchor("RabbitMQ 4.0.5 and clusters for tests"))
        .isEqualTo("rabbitmq-405-and-clusters-for-tests");
    assertThat(anchor("The `--report` option")).isEqualTo("the---report-option");
  }

  @Test
  void everyRelativeLinkOfTheReadmeAndDocsResolves() throws IOException {
    assertThat(pages()).contains(ROOT.resolve("deploy/kubernetes/README.md"));
    List<String> broken = new ArrayList<>();
    int links = 0;
    for (Path page : pages()) {
      List<String> lines = prose(page);
      for (int i = 0; i < lines.size(); i++) {
        Matcher link = LINK.matcher(lines.get(i));
        while (link.find()) {
          String target = link.group(1);
          if (SCHEME.matcher(target).find()) {
            continue; // https:, mailto:
          }
          links++;
          String where = ROOT.relativize(page) + ":" + (i + 1) + ": " + target;
          int hash = target.indexOf('#');
          String file = hash < 0 ? target : target.substring(0, hash);
          String fragment = hash < 0 ? null : target.substring(hash + 1);
          Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
          if (!resolved.startsWith(ROOT) || !Files.exists(resolved)) {
            broken.add(where + " (no such file)");
          } else if (fragment != null) {
            if (!resolved.toString().endsWith(".md")) {
              broken.add(where + " (an anchor in a file that is not Markdown)");
            } else if (!anchors(resolved).contains(fragment)) {
              broken.add(where + " (no such heading; it has " + anchors(resolved) + ")");
            }
          }
        }
      }
    }
    assertThat(links).as("relative links found").isGreaterThan(10);
    assertThat(broken).as("broken links").isEmpty();
  }

  @Test
  void theReadmeLinksEveryPageOfDocs() throws IOException {
    String readme = Files.readString(ROOT.resolve("README.md"));
    for (Path page : docs()) {
      assertThat(readme).contains("](docs/" + page.getFileName() + ")");
    }
  }

  @Test
  void theReadmesTestCommandIsTheOneCiRuns() throws IOException {
    String test = "./mvnw -B install && ./mvnw -B -f examples/junit-example/pom.xml verify";
    String main =
        "./mvnw -B -q package -DskipTests && java -jar bench-cli/target/bench-cli.jar run amqp091"
            + " -z 10s -c 192 -q 200 -f persistent";
    String readme = Files.readString(ROOT.resolve("README.md"));
    String twoCommands = readme.substring(readme.indexOf("## The two commands"));
    twoCommands = twoCommands.substring(0, twoCommands.indexOf("\n## ", 1));

    assertThat(twoCommands).contains("```sh\n" + main + "\n```", "```sh\n" + test + "\n```");
    assertThat(Files.readString(ROOT.resolve(".ci/run"))).contains("\n" + test + " ");
  }
}
