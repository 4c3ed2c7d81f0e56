package io.brokerbench.cli;

import io.brokerbench.scenario.MaxRateSettings;
import io.brokerbench.workload.WorkloadException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The max-rate search's settings on the command line, by the names of a scenario file's {@code
 * max-rate:} section; each given one overrides the file's.
 */
final class MaxRateOptions {
  @Option(names = "--start", description = "First probe's rate, msg/s (default: 1000).")
  String start;

  @Option(
      names = "--factor",
      description = "Rate growth between probes until one fails (default: 2).")
  String factor;

  @Option(
      names = "--resolution",
      description = "Stop when the bracket is this narrow, e.g. 2%% (default: 2%%).")
  String resolution;

  @Option(names = "--probes", description = "Most probes in all (default: 20).")
  String probes;

  @Option(
      names = "--probe-duration",
      description =
          "Measured span of each probe (default: 10s); longer, up to ten times, where the"
              + " objective's percentile needs 100 messages above it at the probe's rate.")
  String probeDuration;

  @Option(names = "--probe-warmup", description = "Warm-up before each probe (default: 2s).")
  String warmup;

  @Option(
      names = "--received",
      description = "Least share of the sent messages received while sending (default: 98%%).")
  String received;

  @Option(
      names = "--sent",
      description = "Least share of the target rate the producers achieve (default: 95%%).")
  String sent;

  @Option(names = "--slip-p99", description = "Largest p99 schedule slip (default: 10ms).")
  String slipP99;

  @Option(
      names = "--objective",
      description = "A latency bound that must hold, e.g. 'e2e.p99 < 10ms'. Repeatable.")
  List<String> objectives;

  /**
   * The settings: {@code base} with the options given here over it.
   *
   * @param base a file's section, or the defaults
   * @throws WorkloadException naming the option of an invalid value
   */
  MaxRateSettings settings(MaxRateSettings base) {
    Map<String, String> texts = new LinkedHashMap<>();
    put(texts, "start", start);
    put(texts, "factor", factor);
    put(texts, "resolution", resolution);
    put(texts, "probes", probes);
    put(texts, "probe-duration", probeDuration);
    put(texts, "warmup", warmup);
    put(texts, "received", received);
    put(texts, "sent", sent);
    put(texts, "slip-p99", slipP99);
    put(texts, "objective", objectives == null ? null : String.join(",", objectives));
    try {
      return base.overriddenBy(texts);
    } catch (MaxRateSettings.InvalidSetting e) {
      String option = e.key().equals("warmup") ? "probe-warmup" : e.key();
      throw new WorkloadException("--" + option + ": " + e.reason());
    }
  }

  private static void put(Map<String, String> texts, String key, String value) {
    if (value != null) {
      texts.put(key, value);
    }
  }
}
