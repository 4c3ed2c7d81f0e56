package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What the shade configuration (the parent pom's and bench-cli's) decided for the overlapping files
 * of the fat jar's dependencies, so that dropping a transformer or a filter does not pass unseen:
 * the shade plugin only warns, and only about what still overlaps.
 */
class FatJarIT {
  private static JarFile jar;
  private static List<String> names;

  @BeforeAll
  static void open() throws IOException {
    jar = new JarFile(Path.of("target", "bench-cli.jar").toFile());
    names = jar.stream().map(JarEntry::getName).toList();
  }

  @AfterAll
  static void close() throws IOException {
    jar.close();
  }

  private static String text(String name) throws IOException {
    JarEntry entry = jar.getJarEntry(name);
    assertThat(entry).as(name).isNotNull();
    try (InputStream in = jar.getInputStream(entry)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void theManifestIsTheCliOwn() throws IOException {
    assertThat(names).containsOnlyOnce("META-INF/MANIFEST.MF");
    Attributes main = jar.getManifest().getMainAttributes();
    assertThat(main.getValue("Main-Class")).isEqualTo("io.brokerbench.cli.Bench");
    assertThat(main.getValue("Implementation-Title")).isEqualTo("brokerbench CLI");
    assertThat(main.getValue("Implementation-Version")).isNotBlank();
  }

  @Test
  void everyDependencyNoticeAndLicenceTextIsKept() throws IOException {
    // One dependency's each, from the middle of the jar order: appended, not first come.
    assertThat(text("META-INF/NOTICE")).contains("Jackson JSON processor", "Apache Qpid Broker-J");
    assertThat(text("META-INF/NOTICE.txt")).contains("Apache Commons Lang", "The Netty Project");
    assertThat(text("META-INF/LICENSE")).contains("Apache License", "LGPL");
    assertThat(text("META-INF/LICENSE.txt")).contains("QOS.ch", "Checker Framework", "Gil Tene");
    assertThat(names).contains("META-INF/license/LICENSE.boringssl.txt");
  }

  @Test
  void nettyStillTellsTheVersionOfEachOfItsJars() throws IOException {
    assertThat(text("META-INF/io.netty.versions.properties"))
        .contains("netty-common.version=", "netty-codec-native-quic.version=");
  }

  @Test
  void signaturesModuleDescriptorsAndOsgiHeadersAreLeftOut() {
    assertThat(names)
        .noneMatch(n -> n.matches("META-INF/[^/]*\\.(SF|DSA|RSA)"))
        .noneMatch(n -> n.endsWith("module-info.class"))
        .noneMatch(n -> n.contains("OSGI-INF/"));
  }

  @Test
  void theMavenMetadataAmqp10DriverReadsIsKept() {
    assertThat(names)
        .contains(
            "META-INF/maven/org.apache.qpid/protonj2/pom.properties",
            "META-INF/maven/org.apache.qpid/protonj2-client/pom.properties");
  }

  @Test
  void everyPlatformsNativeLibraryIsKept() {
    // Only linux-x86_64's copy of the rest of Netty's per-platform jars is.
    assertThat(names)
        .filteredOn(n -> n.startsWith("META-INF/native/") && n.contains("quiche"))
        .hasSize(5);
    assertThat(names)
        .filteredOn(n -> n.startsWith("META-INF/native/") && n.contains("native_epoll"))
        .anyMatch(n -> n.contains("riscv64"));
  }

  @Test
  void rocketMqLoggingKeepsItsRelocatedSlf4j() {
    assertThat(names).contains("org/apache/rocketmq/logging/org/slf4j/LoggerFactory.class");
  }
}
