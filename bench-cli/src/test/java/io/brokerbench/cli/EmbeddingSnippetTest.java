package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The embedding guide's snippets build as written: what the example project, which CI builds, needs
 * of them is in them — every BOM it imports, and the import of every class the Java snippet uses
 * (so a copied {@code assertThat} is brokerbench's, not AssertJ's) — and its Maven plugin section
 * is the plugin example's, which the plugin's tests build.
 */
class EmbeddingSnippetTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Path EXAMPLE = ROOT.resolve("examples/junit-example");

  private static String block(String markdown, String language) {
    Matcher m = Pattern.compile("```" + language + "\\n(.*?)```", Pattern.DOTALL).matcher(markdown);
    assertThat(m.find()).as("a ```" + language + " block in docs/embedding.md").isTrue();
    return m.group(1);
  }

  @Test
  void theSnippetImportsEveryBomTheExampleImports() throws IOException {
    String pom = Files.readString(EXAMPLE.resolve("pom.xml"));
    String management =
        pom.substring(
            pom.indexOf("<dependencyManagement>"), pom.indexOf("</dependencyManagement>"));
    String snippet = block(Files.readString(ROOT.resolve("docs/embedding.md")), "xml");

    Matcher bom = Pattern.compile("<artifactId>([^<]+)</artifactId>").matcher(management);
    int boms = 0;
    while (bom.find()) {
      boms++;
      assertThat(snippet).as("docs/embedding.md's pom snippet").contains(bom.group(1));
    }
    assertThat(boms).isEqualTo(2);
  }

  @Test
  void theJavaSnippetImportsWhatItUsesAsTheExampleDoes() throws IOException {
    String example =
        Files.readString(EXAMPLE.resolve("src/test/java/com/example/orders/OrdersLoadTest.java"));
    String snippet = block(Files.readString(ROOT.resolve("docs/embedding.md")), "java");
    Map<String, String> imports = new LinkedHashMap<>();
    Matcher m = Pattern.compile("(?m)^import (?:static )?[\\w.]*\\.(\\w+);$").matcher(example);
    while (m.find()) {
      imports.put(m.group(1), m.group(0));
    }
    String code = snippet.replaceAll("(?m)^\\s*import .*$", "");
    int used = 0;
    for (Map.Entry<String, String> i : imports.entrySet()) {
      if (Pattern.compile("\\b" + i.getKey() + "\\b").matcher(code).find()) {
        used++;
        assertThat(snippet).as("the snippet uses " + i.getKey()).contains(i.getValue());
      }
    }
    assertThat(used).isGreaterThanOrEqualTo(8);
  }

  @Test
  void theMavenPluginSnippetIsTheExamplesPluginSection() throws IOException {
    String pom = Files.readString(ROOT.resolve("examples/maven-plugin-example/pom.xml"));
    String plugin =
        pom.substring(pom.indexOf("<plugin>"), pom.indexOf("</plugin>") + "</plugin>".length());
    Matcher blocks =
        Pattern.compile("```xml\\n(.*?)```", Pattern.DOTALL)
            .matcher(Files.readString(ROOT.resolve("docs/embedding.md")));
    String snippet = null;
    while (blocks.find()) {
      if (blocks.group(1).contains("brokerbench-maven-plugin")) {
        snippet = blocks.group(1);
      }
    }
    assertThat(snippet).as("docs/embedding.md's plugin snippet").isNotNull();
    assertThat(indentless(snippet)).isEqualTo(indentless(plugin));
  }

  /** The text with each line's indentation and the ends' blank space taken away. */
  private static String indentless(String text) {
    return text.strip().replaceAll("(?m)^[ \t]+", "");
  }
}
