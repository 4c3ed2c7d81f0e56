package io.brokerbench.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipFile;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The release bundle this build makes ({@code target/release-bundle}, a repository's layout, as the
 * Central Portal takes it) is complete: every module that is deployed (the root POM's modules, less
 * those with {@code maven.deploy.skip}) is in it with a POM that has a name and a description and,
 * itself or through the parent's POM beside it, a URL, a licence, developers and SCM; every jar
 * module with its jar, a sources jar with Java sources and a Javadoc jar with an index.
 */
class PublishedArtifactsIT {
  private static final Path ROOT = Path.of(System.getProperty("brokerbench.root"));
  private static final String VERSION = System.getProperty("brokerbench.version");
  private static final Path BUNDLE = Path.of("target", "release-bundle", "io", "brokerbench");

  @Test
  void everyPublishedModuleHasTheMetadataCentralAsksFor() throws Exception {
    Document parent = read(bundled("brokerbench-parent", ".pom"));
    for (Path module : published()) {
      String id = text(read(module.resolve("pom.xml")), "artifactId");
      Document pom = read(bundled(id, ".pom"));
      assertThat(text(pom, "name")).as(id + " name").isNotBlank();
      assertThat(text(pom, "description")).as(id + " description").isNotBlank();
      Document metadata = child(pom, "parent") == null ? pom : parent;
      assertThat(text(metadata, "url")).as(id + " url").startsWith("https://");
      assertThat(path(metadata, "licenses", "license", "name")).as(id + " licence").isNotBlank();
      assertThat(path(metadata, "licenses", "license", "url")).as(id + " licence").isNotBlank();
      assertThat(path(metadata, "developers", "developer", "name")).as(id).isNotBlank();
      assertThat(path(metadata, "scm", "connection")).as(id + " scm").startsWith("scm:git:");
      assertThat(path(metadata, "scm", "url")).as(id + " scm").startsWith("https://");
    }
  }

  @Test
  void everyPublishedJarComesWithItsSourcesAndJavadoc() throws Exception {
    int jars = 0;
    for (Path module : published()) {
      Document pom = read(module.resolve("pom.xml"));
      String packaging = text(pom, "packaging");
      if ("pom".equals(packaging)) {
        continue;
      }
      jars++;
      String id = text(pom, "artifactId");
      assertThat(entries(bundled(id, ".jar"))).as(id).anyMatch(e -> e.endsWith(".class"));
      assertThat(entries(bundled(id, "-sources.jar")))
          .as(id + " sources")
          .anyMatch(e -> e.endsWith(".java"));
      assertThat(entries(bundled(id, "-javadoc.jar"))).as(id + " javadoc").contains("index.html");
    }
    assertThat(jars).as("published jar modules").isGreaterThanOrEqualTo(13);
  }

  /**
   * An artifact's file in the bundle, {@code suffix} such as {@code .pom} or {@code -sources.jar}.
   */
  private static Path bundled(String artifactId, String suffix) {
    return BUNDLE.resolve(artifactId).resolve(VERSION).resolve(artifactId + "-" + VERSION + suffix);
  }

  /** The root POM's modules that are deployed. */
  private static List<Path> published() throws Exception {
    List<Path> modules = new ArrayList<>();
    Element list = child(read(ROOT.resolve("pom.xml")), "modules");
    for (Node n = list.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element module) {
        Path dir = ROOT.resolve(module.getTextContent().trim());
        Element properties = child(read(dir.resolve("pom.xml")), "properties");
        Element skip = properties == null ? null : child(properties, "maven.deploy.skip");
        if (skip == null || !skip.getTextContent().trim().equals("true")) {
          modules.add(dir);
        }
      }
    }
    return modules;
  }

  private static List<String> entries(Path jar) throws IOException {
    assertThat(jar).isRegularFile();
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      return zip.stream().map(e -> e.getName()).toList();
    }
  }

  private static Document read(Path pom) throws Exception {
    return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
  }

  /** The project's direct child element of that name, or null. */
  private static Element child(Document pom, String name) {
    return child(pom.getDocumentElement(), name);
  }

  private static Element child(Element parent, String name) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        return e;
      }
    }
    return null;
  }

  private static String text(Document pom, String name) {
    Element e = child(pom, name);
    return e == null ? null : e.getTextContent().trim();
  }

  private static String path(Document pom, String... names) {
    Element e = pom.getDocumentElement();
    for (String name : names) {
      e = e == null ? null : child(e, name);
    }
    return e == null ? null : e.getTextContent().trim();
  }
}
