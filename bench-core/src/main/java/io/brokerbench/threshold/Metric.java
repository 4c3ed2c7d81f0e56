package io.brokerbench.threshold;

import io.brokerbench.latency.LatencyKind;
import io.brokerbench.result.BrokerLoadSample;
import io.brokerbench.result.BrokerNodeLoad;
import io.brokerbench.result.ClientCost;
import io.brokerbench.result.IntegrityCounts;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.MessageCounts;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.StepResult;
import io.brokerbench.result.Totals;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * A figure of a result, named as thresholds name it:
 *
 * <ul>
 *   <li>latency: {@code KIND.STAT} with KIND a latency kind's key ({@code e2e e2e_send confirm
 *       confirm_send slip s2c pause} and the others) and STAT one of {@code min mean p25 p50 p75
 *       p90 p95 p99 p99.9 p99.99 max} (microseconds);
 *   <li>counts: {@code sent confirmed received rejected released modified failed returned retried
 *       skipped unconfirmed lost duplicates redelivered out_of_order foreign};
 *   <li>rates: {@code sent.rate confirmed.rate received.rate} (msg/s);
 *   <li>cost: {@code cpu.us_per_msg} (microseconds), {@code cpu.seconds}, {@code rss.peak} (bytes);
 *   <li>the broker's own load, all nodes together: {@code broker.cpu} (percent over the measured
 *       window, 100 per core), {@code broker.cpu.max} (its busiest interval), {@code broker.memory}
 *       (the most bytes in use), {@code broker.queued} (the most messages queued);
 *   <li>any of these for one rate step: {@code step2.e2e.p99} (steps count from 0).
 * </ul>
 *
 * @param name the name as written
 * @param step the rate step, or -1 for the whole run
 * @param quantity what kind of value it is, for units
 */
public record Metric(String name, int step, Quantity quantity) {

  /** What a metric measures, which decides the units its bound may be written in. */
  public enum Quantity {
    /** Microseconds; bounds take ns, us, µs, ms, s. */
    LATENCY,
    /** Messages; bounds take k, m suffixes. */
    COUNT,
    /** Messages per second; bounds take k, m suffixes and an optional msg/s. */
    RATE,
    /** Seconds of CPU. */
    SECONDS,
    /** Bytes; bounds take KB, MB, GB, KiB, MiB, GiB. */
    BYTES,
    /** Percent of one core; bounds take an optional %. */
    PERCENT
  }

  private static final String BROKER = "broker.";

  private static final Map<String, ToDoubleFunction<LatencySummary>> STATS =
      Map.ofEntries(
          Map.entry("min", LatencySummary::minMicros),
          Map.entry("mean", LatencySummary::meanMicros),
          Map.entry("p25", LatencySummary::p25Micros),
          Map.entry("p50", LatencySummary::p50Micros),
          Map.entry("p75", LatencySummary::p75Micros),
          Map.entry("p90", LatencySummary::p90Micros),
          Map.entry("p95", LatencySummary::p95Micros),
          Map.entry("p99", LatencySummary::p99Micros),
          Map.entry("p99.9", LatencySummary::p999Micros),
          Map.entry("p99.99", LatencySummary::p9999Micros),
          Map.entry("max", LatencySummary::maxMicros));

  private static final Map<String, ToDoubleFunction<MessageCounts>> COUNTS =
      Map.ofEntries(
          Map.entry("sent", MessageCounts::sent),
          Map.entry("confirmed", MessageCounts::confirmed),
          Map.entry("received", MessageCounts::received),
          Map.entry("rejected", c -> c.notAccepted().rejected()),
          Map.entry("released", c -> c.notAccepted().released()),
          Map.entry("modified", c -> c.notAccepted().modified()),
          Map.entry("failed", c -> c.notAccepted().failed()),
          Map.entry("returned", c -> c.notAccepted().returned()),
          Map.entry("retried", MessageCounts::retried),
          Map.entry("skipped", MessageCounts::skipped),
          Map.entry("unconfirmed", MessageCounts::unconfirmed));

  private static final Map<String, ToDoubleFunction<IntegrityCounts>> INTEGRITY =
      Map.of(
          "lost", IntegrityCounts::lost,
          "duplicates", IntegrityCounts::duplicates,
          "redelivered", IntegrityCounts::redelivered,
          "out_of_order", IntegrityCounts::outOfOrder,
          "foreign", IntegrityCounts::foreign);

  /**
   * The metric with this name.
   *
   * @throws ThresholdException naming the metrics there are when the name is none of them
   */
  public static Metric parse(String text) {
    String name = text.trim().toLowerCase(Locale.ROOT);
    int step = -1;
    String rest = name;
    if (name.matches("step\\d+\\..+")) {
      int dot = name.indexOf('.');
      step = Integer.parseInt(name.substring(4, dot));
      rest = name.substring(dot + 1);
    }
    Quantity quantity = quantity(rest);
    if (quantity == null) {
      throw new ThresholdException(
          "unknown metric '"
              + text.trim()
              + "': use a latency such as e2e.p99 ("
              + kinds()
              + " with "
              + String.join(", ", STATS.keySet().stream().sorted().toList())
              + "), a count ("
              + String.join(", ", COUNTS.keySet().stream().sorted().toList())
              + ", "
              + String.join(", ", INTEGRITY.keySet().stream().sorted().toList())
              + "), sent.rate, confirmed.rate, received.rate, cpu.us_per_msg, cpu.seconds,"
              + " rss.peak, broker.cpu, broker.cpu.max, broker.memory or broker.queued,"
              + " optionally for one rate step (step0.e2e.p99)");
    }
    return new Metric(name, step, quantity);
  }

  private static String kinds() {
    return Arrays.stream(LatencyKind.values())
        .map(LatencyKind::key)
        .collect(Collectors.joining(", "));
  }

  private static Quantity quantity(String rest) {
    int dot = rest.indexOf('.');
    if (dot > 0
        && kind(rest.substring(0, dot)) != null
        && STATS.containsKey(rest.substring(dot + 1))) {
      return Quantity.LATENCY;
    }
    if (COUNTS.containsKey(rest) || INTEGRITY.containsKey(rest)) {
      return Quantity.COUNT;
    }
    return switch (rest) {
      case "sent.rate", "confirmed.rate", "received.rate" -> Quantity.RATE;
      case "cpu.us_per_msg" -> Quantity.LATENCY;
      case "cpu.seconds" -> Quantity.SECONDS;
      case "rss.peak", "broker.memory" -> Quantity.BYTES;
      case "broker.cpu", "broker.cpu.max" -> Quantity.PERCENT;
      case "broker.queued" -> Quantity.COUNT;
      default -> null;
    };
  }

  private static LatencyKind kind(String key) {
    for (LatencyKind kind : LatencyKind.values()) {
      if (kind.key().equals(key)) {
        return kind;
      }
    }
    return null;
  }

  /**
   * This metric's value in a result: microseconds, messages, msg/s, seconds or bytes; NaN when the
   * result has no such value (a latency kind the run did not record, a step it did not reach).
   */
  public double valueIn(RunResult result) {
    if (name.startsWith(BROKER)) {
      // The broker is read for the whole run, not per step.
      BrokerNodeLoad broker = result.extras().brokerLoad().total();
      return step >= 0 || broker == null ? Double.NaN : brokerValue(broker);
    }
    if (step < 0) {
      return valueIn(
          result.figures().totals(), result.figures().latency(), result.figures().integrity());
    }
    if (step >= result.figures().steps().size()) {
      return Double.NaN;
    }
    StepResult s = result.figures().steps().get(step);
    // Integrity is counted over the whole run; a step has none of its own.
    return valueIn(s.totals(), s.latency(), null);
  }

  /**
   * This metric's value over one interval of a run, as {@link #valueIn(RunResult)} gives it for the
   * whole run; NaN for what an interval does not count (lost, duplicates and the other integrity
   * counts), for an interval of another rate step, and for a latency kind it has no values of.
   */
  public double valueIn(IntervalSample interval) {
    if (step >= 0 && interval.step() != step) {
      return Double.NaN;
    }
    if (name.startsWith(BROKER)) {
      BrokerLoadSample b = interval.broker();
      return known(
          switch (name) {
            case "broker.cpu", "broker.cpu.max" -> b.cpuPercent();
            case "broker.memory" -> b.memoryBytes();
            default -> b.queuedMessages();
          });
    }
    double cpuSeconds = Math.max(0, interval.cpuPercent()) / 100 * interval.seconds();
    ClientCost client =
        ClientCost.of((long) (cpuSeconds * 1e9), interval.counts(), interval.rssBytes());
    Totals totals =
        new Totals(
            interval.seconds(), interval.seconds(), interval.counts(), interval.rates(), client);
    return valueIn(totals, interval.latency(), null);
  }

  /** The value in these figures; {@code integrity} null where none is counted. */
  private double valueIn(
      Totals totals, Map<String, LatencySummary> latency, IntegrityCounts integrity) {
    String rest = step < 0 ? name : name.substring(name.indexOf('.') + 1);
    if (INTEGRITY.containsKey(rest)) {
      return integrity == null ? Double.NaN : INTEGRITY.get(rest).applyAsDouble(integrity);
    }
    if (COUNTS.containsKey(rest)) {
      return COUNTS.get(rest).applyAsDouble(totals.counts());
    }
    switch (rest) {
      case "sent.rate":
        return totals.rates().sentPerSecond();
      case "confirmed.rate":
        return totals.rates().confirmedPerSecond();
      case "received.rate":
        return totals.rates().receivedPerSecond();
      case "cpu.us_per_msg":
        return totals.client().cpuMicrosPerMessage();
      case "cpu.seconds":
        return totals.client().cpuSeconds();
      case "rss.peak":
        return totals.client().peakRssBytes();
      default:
        int dot = rest.indexOf('.');
        LatencySummary summary = latency.get(rest.substring(0, dot));
        return summary == null || summary.count() == 0
            ? Double.NaN
            : STATS.get(rest.substring(dot + 1)).applyAsDouble(summary);
    }
  }

  private double brokerValue(BrokerNodeLoad broker) {
    return known(
        switch (name) {
          case "broker.cpu" -> broker.cpuPercentMean();
          case "broker.cpu.max" -> broker.cpuPercentMax();
          case "broker.memory" -> broker.memoryBytesMax();
          default -> broker.queuedMessagesMax();
        });
  }

  /** A broker figure, NaN where the source did not give it (-1). */
  private static double known(double value) {
    return value < 0 ? Double.NaN : value;
  }

  /** A value of this metric for people, with its unit, such as {@code 7.31 ms}. */
  public String format(double value) {
    return Units.format(value, quantity);
  }

  @Override
  public String toString() {
    return name;
  }
}
