package io.brokerbench.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What fails the build's allocation gate, and what only gets printed. */
class JmhGateTest {
  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private final PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);

  private static Map<String, JmhCompare.Figures> figures(Object... keyScoreBytes) {
    Map<String, JmhCompare.Figures> figures = new LinkedHashMap<>();
    for (int i = 0; i < keyScoreBytes.length; i += 3) {
      figures.put(
          (String) keyScoreBytes[i],
          new JmhCompare.Figures(
              (double) keyScoreBytes[i + 1], "ns/op", (double) keyScoreBytes[i + 2]));
    }
    return figures;
  }

  @Test
  void aBenchmarkThatAllocatedNothingAndNowAllocatesFailsTheGate() {
    Map<String, JmhCompare.Figures> base = figures("a.encode", 10.0, 0.0, "b.decode", 10.0, 0.0);
    Map<String, JmhCompare.Figures> next = figures("a.encode", 11.0, 16.0, "b.decode", 10.0, 0.4);

    assertThat(JmhCompare.newAllocations(base, next, 25, out)).containsExactly("a.encode");
    assertThat(printed.toString(StandardCharsets.UTF_8))
        .contains("FAIL: a.encode allocated 0 B/op before and allocates now");
  }

  @Test
  void slowerOrMoreAllocationWhereThereWasSomeIsPrintedNotFailed() {
    Map<String, JmhCompare.Figures> base = figures("c.client", 10.0, 2304.0);
    Map<String, JmhCompare.Figures> next = figures("c.client", 40.0, 2336.0);

    assertThat(JmhCompare.newAllocations(base, next, 25, out)).isEmpty();
    assertThat(printed.toString(StandardCharsets.UTF_8))
        .contains("slower    c.client: 10.00 -> 40.00 ns/op (+300%)")
        .contains("allocates c.client: 2304.0 -> 2336.0 B/op");
  }

  @Test
  void aBaselineBenchmarkWithoutAResultIsMissing() {
    Map<String, JmhCompare.Figures> base =
        figures("a.encode window=192", 10.0, 0.0, "a.encode window=3000", 10.0, 0.0);
    Map<String, JmhCompare.Figures> next = figures("a.encode window=3000", 10.0, 0.0);

    assertThat(JmhGate.missing(base, next)).containsExactly("a.encode window=192");
    assertThat(JmhGate.missing(base, base)).isEmpty();
  }
}
