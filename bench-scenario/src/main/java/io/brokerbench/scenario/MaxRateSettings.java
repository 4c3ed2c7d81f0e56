package io.brokerbench.scenario;

import io.brokerbench.workload.CountSyntax;
import io.brokerbench.workload.DurationSyntax;
import io.brokerbench.workload.RateSyntax;
import io.brokerbench.workload.WorkloadException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How to search for the highest sustainable rate: the {@code max-rate:} section of a scenario file
 * or the {@code bench max-rate} options, by the same names.
 *
 * <pre>{@code
 * max-rate:
 *   start: 1000          # first probe, msg/s
 *   factor: 2            # growth between probes until one fails
 *   resolution: 2%       # stop bisecting when the bracket is this narrow
 *   probes: 20           # most probes in all
 *   probe-duration: 10s  # measured span of each probe
 *   warmup: 2s           # warm-up before each probe's span
 *   received: 98%        # least share received while sending
 *   sent: 95%            # least share of the target the producers achieve
 *   slip-p99: 10ms       # largest p99 schedule slip
 *   objective: "e2e.p99 < 10ms"
 * }</pre>
 *
 * @param startPerSecond first probe's rate
 * @param growthFactor how much each probe's rate grows until one fails (more than 1)
 * @param resolution the bracket's width, relative to its lower end, at which bisecting stops
 * @param maxProbes most probes in all, confirmations included
 * @param probeDuration measured span of each probe
 * @param warmup warm-up before each probe's measured span
 * @param criteria when a probe passes
 */
public record MaxRateSettings(
    double startPerSecond,
    double growthFactor,
    double resolution,
    int maxProbes,
    Duration probeDuration,
    Duration warmup,
    ProbeCriteria criteria) {

  /** The keys of the settings, as written in a file. */
  public static final List<String> KEYS =
      List.of(
          "start",
          "factor",
          "resolution",
          "probes",
          "probe-duration",
          "warmup",
          "received",
          "sent",
          "slip-p99",
          "objective");

  /** The defaults. */
  public static final MaxRateSettings DEFAULTS =
      new MaxRateSettings(
          1000,
          2,
          0.02,
          20,
          Duration.ofSeconds(10),
          Duration.ofSeconds(2),
          new ProbeCriteria(0.98, 0.95, Duration.ofMillis(10), List.of()));

  /**
   * Messages a probe measures above an objective's percentile, at least: with 100 the percentile's
   * rank is known to about ±2 √100 = ±20 of them (a p99 between about p98.8 and p99.2), so a probe
   * passes or fails on the broker, not on which few messages happened to be slow.
   */
  static final int TAIL_MESSAGES = 100;

  /** A probe lengthened for its objectives is at most this many times {@code probeDuration}. */
  static final int MAX_LENGTHENING = 10;

  /** Checks the ranges. */
  public MaxRateSettings {
    if (!(startPerSecond > 0)) {
      throw new InvalidSetting("start", "must be a rate above 0");
    }
    if (!(growthFactor > 1)) {
      throw new InvalidSetting("factor", "must be above 1");
    }
    if (!(resolution > 0 && resolution < 1)) {
      throw new InvalidSetting("resolution", "must be between 0% and 100%");
    }
    if (maxProbes < 2) {
      throw new InvalidSetting("probes", "must be at least 2");
    }
    if (probeDuration.isZero() || probeDuration.isNegative()) {
      throw new InvalidSetting("probe-duration", "must be longer than 0");
    }
  }

  /**
   * The defaults overridden by settings given by key as text.
   *
   * @throws InvalidSetting naming the key of the first invalid value
   */
  public static MaxRateSettings of(Map<String, String> texts) {
    return DEFAULTS.overriddenBy(texts);
  }

  /**
   * These settings overridden by those given by key as text (a command line's over a file's); a
   * given {@code objective} replaces all of these objectives.
   *
   * @throws InvalidSetting naming the key of the first invalid value
   */
  public MaxRateSettings overriddenBy(Map<String, String> texts) {
    for (String key : texts.keySet()) {
      if (!KEYS.contains(key)) {
        throw new InvalidSetting(
            key, "unknown max-rate setting: use one of " + String.join(", ", KEYS));
      }
    }
    ProbeCriteria c = criteria;
    List<LatencyObjective> objectives = c.objectives();
    String objectiveText = texts.get("objective");
    if (objectiveText != null) {
      objectives = new ArrayList<>();
      for (String part : objectiveText.split(",")) {
        if (!part.isBlank()) {
          objectives.add(parse("objective", part, LatencyObjective::parse));
        }
      }
    }
    return new MaxRateSettings(
        get(texts, "start", RateSyntax::parse, startPerSecond),
        get(texts, "factor", MaxRateSettings::number, growthFactor),
        get(texts, "resolution", MaxRateSettings::fraction, resolution),
        get(texts, "probes", t -> (int) CountSyntax.parse(t), maxProbes),
        get(texts, "probe-duration", DurationSyntax::parse, probeDuration),
        get(texts, "warmup", DurationSyntax::parse, warmup),
        new ProbeCriteria(
            get(texts, "received", MaxRateSettings::fraction, c.minReceivedRatio()),
            get(texts, "sent", MaxRateSettings::fraction, c.minSentRatio()),
            get(texts, "slip-p99", DurationSyntax::parse, c.maxSlipP99()),
            objectives));
  }

  private static <T> T get(
      Map<String, String> texts,
      String key,
      java.util.function.Function<String, T> syntax,
      T otherwise) {
    String text = texts.get(key);
    return text == null ? otherwise : parse(key, text, syntax);
  }

  private static <T> T parse(
      String key, String text, java.util.function.Function<String, T> syntax) {
    try {
      return syntax.apply(text.trim());
    } catch (WorkloadException e) {
      throw new InvalidSetting(key, e.getMessage());
    }
  }

  private static double number(String text) {
    try {
      return Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw new WorkloadException("'" + text + "' is not a number");
    }
  }

  /** {@code 98%} or {@code 0.98}. */
  private static double fraction(String text) {
    double value =
        text.endsWith("%")
            ? number(text.substring(0, text.length() - 1).trim()) / 100
            : number(text);
    if (!(value > 0 && value <= 1)) {
      throw new WorkloadException("'" + text + "' is not a share: write 98% or 0.98");
    }
    return value;
  }

  /** A setting whose value is not valid; {@link #key()} names it. */
  public static final class InvalidSetting extends WorkloadException {
    private static final long serialVersionUID = 1L;
    private final String key;
    private final String reason;

    InvalidSetting(String key, String reason) {
      super(key + ": " + reason);
      this.key = key;
      this.reason = reason;
    }

    /** What is wrong, without the key. */
    public String reason() {
      return reason;
    }

    /** The setting's key. */
    public String key() {
      return key;
    }
  }

  /**
   * How long a probe at this rate measures: {@code probeDuration}, or longer when the objectives'
   * highest percentile needs it to have {@value #TAIL_MESSAGES} messages above it (a p99.9 at 1,000
   * msg/s takes 100 s), at most {@value #MAX_LENGTHENING} times {@code probeDuration}.
   */
  public Duration probeDuration(double ratePerSecond) {
    double tail =
        criteria.objectives().stream()
            .mapToDouble(LatencyObjective::tailShare)
            .filter(share -> !Double.isNaN(share))
            .min()
            .orElse(Double.NaN);
    if (Double.isNaN(tail) || !(ratePerSecond > 0)) {
      return probeDuration;
    }
    Duration needed =
        Duration.ofMillis((long) Math.ceil(TAIL_MESSAGES / tail / ratePerSecond * 1000));
    Duration longest = probeDuration.multipliedBy(MAX_LENGTHENING);
    return needed.compareTo(probeDuration) <= 0
        ? probeDuration
        : needed.compareTo(longest) >= 0 ? longest : needed;
  }
}
