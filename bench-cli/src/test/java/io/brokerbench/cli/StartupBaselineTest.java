package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The comparison {@link StartupClassesIT} makes, on counts made up for it. */
class StartupBaselineTest {
  private static final StartupBaseline BASELINE =
      StartupBaseline.parse(
          String.join(
              "\n",
              "tolerance.percent=5",
              "run-loopback.classes=1000",
              "run-loopback.package.java.lang=600",
              "run-loopback.package.picocli=400"));

  private static Map<String, Integer> counts(Object... packageAndCount) {
    Map<String, Integer> counts = new TreeMap<>();
    for (int i = 0; i < packageAndCount.length; i += 2) {
      counts.put((String) packageAndCount[i], (Integer) packageAndCount[i + 1]);
    }
    return counts;
  }

  @Test
  void aCountWithinTheToleranceIsNoRegression() {
    assertThat(BASELINE.regression("run-loopback", "run loopback -C 1", counts("java.lang", 600)))
        .isNull();
    assertThat(
            BASELINE.regression(
                "run-loopback", "run loopback -C 1", counts("java.lang", 640, "picocli", 410)))
        .as("1050: the baseline plus 5%")
        .isNull();
  }

  @Test
  void aCountAboveTheToleranceFailsNamingTheCommandTheCountsAndThePackagesThatGrew() {
    Map<String, Integer> now =
        counts(
            "java.lang", 610, "picocli", 400, "com.sun.jna", 54, "com.fasterxml.jackson.core", 1);

    String regression = BASELINE.regression("run-loopback", "run loopback -C 1", now);

    assertThat(regression)
        .startsWith(
            "bench run loopback -C 1 loaded 1065 classes, more than its baseline of 1000 + 5%"
                + " (1050); packages that grew: com.sun.jna +54 (0 -> 54), java.lang +10 (600 ->"
                + " 610), com.fasterxml.jackson.core +1 (0 -> 1).")
        .contains("docs/development.md, Start-up baseline")
        .doesNotContain("picocli");
  }

  @Test
  void aCommandWithoutABaselineFails() {
    assertThat(BASELINE.regression("scenario", "scenario run x.yaml", counts("java.lang", 1)))
        .startsWith("bench scenario run x.yaml loaded 1 classes and has no baseline");
  }

  @Test
  void theLogIsCountedByPackageWithHiddenClassesInTheirPackage() {
    List<String> log =
        List.of(
            "[0.048s][info][class,load] java.lang.Object source: shared objects file",
            "[0.049s][info][class,load] java.lang.String source: jrt:/java.base",
            "[0.300s][info][class,load] io.brokerbench.cli.Bench$$Lambda$1/0x00007f0a04000a08"
                + " source: io.brokerbench.cli.Bench",
            "[0.301s][info][class,load] picocli.CommandLine source: file:/x/bench-cli.jar",
            "[0.302s][info][class,load] Hello source: file:/tmp/",
            "[0.303s][info][gc] not a class line");

    assertThat(StartupBaseline.packagesOfLog(log))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of("java.lang", 2, "io.brokerbench.cli", 1, "picocli", 1, "(default)", 1));
  }

  @Test
  void aRecordedBaselineReadsBackTheCountsItWasWrittenFrom() {
    Map<String, Integer> packages = counts("java.lang", 600, "picocli", 172);

    StartupBaseline recorded =
        StartupBaseline.parse(StartupBaseline.text(Map.of("help", packages), 5));

    assertThat(recorded.classes("help")).isEqualTo(772);
    assertThat(recorded.packages("help")).isEqualTo(packages);
    assertThat(recorded.tolerancePercent()).isEqualTo(5);
  }
}
