package io.brokerbench.scenario;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The max-rate searches of a scenario (one per cell) as {@value #FILE}, schema {@value #SCHEMA}:
 * each search's rate, its bracket and every probe with its target, achieved rates, latencies, and
 * verdict; and the same for people on the console.
 *
 * @param schema always {@value #SCHEMA}
 * @param name the scenario's name
 * @param settings the search's settings
 * @param searches one per cell
 */
public record MaxRateReport(
    String schema, String name, SettingsEntry settings, List<Search> searches) {

  /** The schema identifier. */
  public static final String SCHEMA = "brokerbench-max-rate/1";

  /** The file name in the output directory. */
  public static final String FILE = "max-rate.json";

  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** Copies the list. */
  public MaxRateReport {
    searches = List.copyOf(searches);
  }

  /** A report of these searches. */
  public static MaxRateReport of(String name, MaxRateSettings settings, List<Search> searches) {
    return new MaxRateReport(SCHEMA, name, SettingsEntry.of(settings), searches);
  }

  /**
   * The search's settings as written.
   *
   * @param startPerSecond first probe's rate
   * @param growthFactor growth until a probe fails
   * @param resolution bracket width at which bisecting stops, relative
   * @param maxProbes most probes
   * @param probeSeconds measured span of each probe
   * @param warmupSeconds warm-up of each probe
   * @param minReceivedRatio least share received while sending
   * @param minSentRatio least share of the target sent
   * @param maxSlipP99Micros largest slip p99
   * @param objectives latency objectives, as {@code e2e.p99 < 10.0ms}
   */
  public record SettingsEntry(
      double startPerSecond,
      double growthFactor,
      double resolution,
      int maxProbes,
      double probeSeconds,
      double warmupSeconds,
      double minReceivedRatio,
      double minSentRatio,
      double maxSlipP99Micros,
      List<String> objectives) {

    static SettingsEntry of(MaxRateSettings s) {
      ProbeCriteria c = s.criteria();
      return new SettingsEntry(
          s.startPerSecond(),
          s.growthFactor(),
          s.resolution(),
          s.maxProbes(),
          s.probeDuration().toNanos() / 1e9,
          s.warmup().toNanos() / 1e9,
          c.minReceivedRatio(),
          c.minSentRatio(),
          c.maxSlipP99().toNanos() / 1e3,
          c.objectives().stream().map(LatencyObjective::toString).toList());
    }
  }

  /**
   * The search of one cell.
   *
   * @param cell the cell's id
   * @param axes the cell's axis values
   * @param ratePerSecond the highest sustained rate found, 0 when none
   * @param confirmed true when it passed twice
   * @param failedAbovePerSecond the lowest rate that failed above it, 0 when none
   * @param failedRates every rate that failed
   * @param stop why the search stopped
   * @param probes every probe
   */
  public record Search(
      String cell,
      Map<String, String> axes,
      double ratePerSecond,
      boolean confirmed,
      double failedAbovePerSecond,
      List<Double> failedRates,
      String stop,
      List<ProbeEntry> probes) {}

  /**
   * One probe as written.
   *
   * @param index 0-based
   * @param phase grow, descend, bisect or confirm
   * @param targetPerSecond rate asked for
   * @param sentPerSecond rate achieved by producers
   * @param receivedPerSecond rate received while sending
   * @param e2eP50Micros end-to-end p50 from the intended send time, NaN when none
   * @param e2eP99Micros p99 of the same
   * @param e2eP999Micros p99.9 of the same
   * @param slipP99Micros schedule slip p99
   * @param pass true when sustained
   * @param reason why not, or {@code ok}
   */
  public record ProbeEntry(
      int index,
      String phase,
      double targetPerSecond,
      double sentPerSecond,
      double receivedPerSecond,
      Double e2eP50Micros,
      Double e2eP99Micros,
      Double e2eP999Micros,
      Double slipP99Micros,
      boolean pass,
      String reason) {

    /** The entry of a probe. */
    static ProbeEntry of(MaxRateResult.Probe probe) {
      ProbeMeasurement m = probe.measurement();
      return new ProbeEntry(
          probe.index(),
          probe.phase(),
          m.targetPerSecond(),
          m.sentPerSecond(),
          m.receivedPerSecond(),
          m.latencyMicros().get("e2e.p50"),
          m.latencyMicros().get("e2e.p99"),
          m.latencyMicros().get("e2e.p999"),
          m.latencyMicros().get("slip.p99"),
          probe.verdict().pass(),
          probe.verdict().reason());
    }
  }

  /** The search entry of a cell's result. */
  public static Search search(Cell cell, MaxRateResult result) {
    List<ProbeEntry> probes = new ArrayList<>();
    result.probes().forEach(p -> probes.add(ProbeEntry.of(p)));
    return new Search(
        cell.id(),
        cell.axes(),
        result.ratePerSecond(),
        result.confirmed(),
        result.failedAbovePerSecond(),
        result.failedRates(),
        result.stop(),
        probes);
  }

  /** Writes {@value #FILE} into {@code dir}. */
  public void write(Path dir) throws IOException {
    MAPPER.writeValue(dir.resolve(FILE).toFile(), this);
  }

  /** A probe's progress line. */
  static String line(MaxRateResult.Probe probe) {
    ProbeMeasurement m = probe.measurement();
    return String.format(
        Locale.ROOT,
        "  probe %2d %-8s %10.0f msg/s: sent %10.0f, received %10.0f, e2e p50 %s p99 %s p99.9 %s,"
            + " slip p99 %s: %s",
        probe.index(),
        probe.phase(),
        m.targetPerSecond(),
        m.sentPerSecond(),
        m.receivedPerSecond(),
        latency(m, "e2e.p50"),
        latency(m, "e2e.p99"),
        latency(m, "e2e.p999"),
        latency(m, "slip.p99"),
        probe.verdict().pass() ? "pass" : "FAIL (" + probe.verdict().reason() + ")");
  }

  /** Prints a search's conclusion. */
  static void printConclusion(PrintWriter out, MaxRateResult result) {
    if (result.ratePerSecond() == 0) {
      out.printf(Locale.ROOT, "  no sustainable rate found: %s%n", result.stop());
      return;
    }
    out.printf(
        Locale.ROOT,
        "  max sustainable rate: %.0f msg/s%s; failed at %s (%s)%n",
        result.ratePerSecond(),
        result.confirmed() ? " (confirmed)" : " (not confirmed)",
        result.failedRates().isEmpty()
            ? "no rate probed"
            : String.join(
                ", ",
                result.failedRates().stream()
                    .filter(r -> r > result.ratePerSecond())
                    .map(r -> String.format(Locale.ROOT, "%.0f", r))
                    .toList()),
        result.stop());
  }

  private static String latency(ProbeMeasurement m, String metric) {
    double micros = m.latency(metric);
    return Double.isNaN(micros) ? "-" : LatencyText.text(micros);
  }
}
