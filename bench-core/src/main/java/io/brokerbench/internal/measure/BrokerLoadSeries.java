package io.brokerbench.internal.measure;

import io.brokerbench.result.BrokerLoad;
import io.brokerbench.result.BrokerLoadSample;
import io.brokerbench.result.BrokerNodeLoad;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.Warning;
import io.brokerbench.spi.BrokerNodeReading;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.ToLongFunction;

/**
 * Turns the broker's readings into each interval's figures and the run's summary: an interval gets
 * the difference between the readings nearest its two ends, when both are within an interval of
 * them, over the readings' own times; the summary spans the reading nearest the warm-up's end to
 * the last one. Not API.
 *
 * @param readings what the sampler read, times on the run's clock
 * @param startNanos when sending started, on the same clock
 */
public record BrokerLoadSeries(BrokerLoadSampler.Readings readings, long startNanos) {

  /** The intervals with the broker's figures where the readings give them. */
  public List<IntervalSample> intervals(List<IntervalSample> intervals) {
    List<IntervalSample> out = new ArrayList<>(intervals.size());
    for (IntervalSample interval : intervals) {
      // A reading is due at each interval's end, but one taken late (a slow endpoint, a loaded
      // machine) still stands for it: the rates are over the readings' own times.
      double tolerance = interval.seconds();
      BrokerLoadSampler.Reading a = nearest(interval.startSeconds(), tolerance);
      BrokerLoadSampler.Reading b = nearest(interval.endSeconds(), tolerance);
      out.add(
          a == null || b == null || b.nanos() <= a.nanos()
              ? interval
              : interval.withBroker(sample(a, b)));
    }
    return out;
  }

  /**
   * The run's summary over the measured window.
   *
   * @param warmupSeconds when the measured window starts, seconds since sending started
   * @param intervals the intervals with their broker figures, for the busiest one
   */
  public BrokerLoad summary(double warmupSeconds, List<IntervalSample> intervals) {
    List<BrokerLoadSampler.Reading> all = readings.readings();
    if (all.size() < 2) {
      return new BrokerLoad(
          readings.source(), all.size(), readings.failures(), null, List.of(), Map.of());
    }
    BrokerLoadSampler.Reading last = all.get(all.size() - 1);
    BrokerLoadSampler.Reading first = nearest(warmupSeconds, Double.MAX_VALUE);
    if (first == last) {
      first = all.get(0);
    }
    List<BrokerLoadSampler.Reading> window = new ArrayList<>();
    for (BrokerLoadSampler.Reading r : all) {
      if (r.nanos() >= first.nanos()) {
        window.add(r);
      }
    }
    List<BrokerNodeLoad> nodes = new ArrayList<>();
    for (BrokerNodeReading end : last.nodes()) {
      nodes.add(node(end.node(), first, last, window, intervals));
    }
    return new BrokerLoad(
        readings.source(),
        all.size(),
        readings.failures(),
        node(BrokerNodeLoad.ALL, first, last, window, intervals),
        nodes,
        readings.memoryBreakdown());
  }

  /** The warning a run gets when readings failed; null when none did. */
  public Warning warning() {
    if (readings.failures() == 0) {
      return null;
    }
    if (readings.readings().isEmpty()) {
      return new Warning(
          Warning.BROKER_LOAD,
          "BROKER_LOAD: the broker's own load was not measured: " + readings.lastFailure());
    }
    return new Warning(
        Warning.BROKER_LOAD,
        "BROKER_LOAD: "
            + readings.failures()
            + " of "
            + (readings.failures() + readings.readings().size())
            + " readings of the broker's load failed, the intervals they end have no broker"
            + " figures: "
            + readings.lastFailure());
  }

  private BrokerNodeLoad node(
      String name,
      BrokerLoadSampler.Reading first,
      BrokerLoadSampler.Reading last,
      List<BrokerLoadSampler.Reading> window,
      List<IntervalSample> intervals) {
    boolean all = name.equals(BrokerNodeLoad.ALL);
    double seconds = (last.nanos() - first.nanos()) / 1e9;
    double cpuMax = -1;
    if (all) {
      for (IntervalSample i : intervals) {
        if (!i.warmup()) {
          cpuMax = Math.max(cpuMax, i.broker().cpuPercent());
        }
      }
    } else {
      for (int k = 1; k < window.size(); k++) {
        double s = (window.get(k).nanos() - window.get(k - 1).nanos()) / 1e9;
        long used = delta(window.get(k - 1), window.get(k), name, BrokerNodeReading::cpuMillis);
        if (used >= 0) {
          cpuMax = Math.max(cpuMax, used / s / 10);
        }
      }
    }
    long memoryMax = -1;
    long queuedMax = -1;
    TreeSet<String> alarms = new TreeSet<>();
    for (BrokerLoadSampler.Reading r : window) {
      memoryMax = Math.max(memoryMax, gauge(r, name, BrokerNodeReading::memoryBytes));
      queuedMax = Math.max(queuedMax, gauge(r, name, BrokerNodeReading::queuedMessages));
      for (BrokerNodeReading n : r.nodes()) {
        if (all || n.node().equals(name)) {
          alarms.addAll(n.alarms());
        }
      }
    }
    double cpuMillisPerSecond = rate(first, last, name, BrokerNodeReading::cpuMillis, seconds);
    return new BrokerNodeLoad(
        name,
        cpuMillisPerSecond < 0 ? -1 : cpuMillisPerSecond / 10,
        cpuMax,
        memoryMax,
        gauge(last, name, BrokerNodeReading::memoryBytes),
        rate(first, last, name, BrokerNodeReading::networkInBytes, seconds),
        rate(first, last, name, BrokerNodeReading::networkOutBytes, seconds),
        rate(first, last, name, BrokerNodeReading::diskWriteBytes, seconds),
        queuedMax,
        List.copyOf(alarms));
  }

  private BrokerLoadSample sample(BrokerLoadSampler.Reading a, BrokerLoadSampler.Reading b) {
    double seconds = (b.nanos() - a.nanos()) / 1e9;
    String all = BrokerNodeLoad.ALL;
    TreeSet<String> alarms = new TreeSet<>();
    for (BrokerLoadSampler.Reading r : List.of(a, b)) {
      r.nodes().forEach(n -> alarms.addAll(n.alarms()));
    }
    double cpu = rate(a, b, all, BrokerNodeReading::cpuMillis, seconds);
    return new BrokerLoadSample(
        cpu < 0 ? -1 : cpu / 10,
        gauge(b, all, BrokerNodeReading::memoryBytes),
        rate(a, b, all, BrokerNodeReading::networkInBytes, seconds),
        rate(a, b, all, BrokerNodeReading::networkOutBytes, seconds),
        rate(a, b, all, BrokerNodeReading::diskWriteBytes, seconds),
        gauge(b, all, BrokerNodeReading::queuedMessages),
        List.copyOf(alarms));
  }

  /** Per second between the readings; -1 when no node gives the counter. */
  private static double rate(
      BrokerLoadSampler.Reading a,
      BrokerLoadSampler.Reading b,
      String node,
      ToLongFunction<BrokerNodeReading> counter,
      double seconds) {
    long d = delta(a, b, node, counter);
    return d < 0 || seconds <= 0 ? -1 : d / seconds;
  }

  /**
   * The counter's growth between the readings for the node ({@code all}: every node that has it in
   * both); -1 when none has. A counter that went back (a node restarted) counts from zero.
   */
  private static long delta(
      BrokerLoadSampler.Reading a,
      BrokerLoadSampler.Reading b,
      String node,
      ToLongFunction<BrokerNodeReading> counter) {
    Map<String, Long> before = new LinkedHashMap<>();
    a.nodes().forEach(n -> before.put(n.node(), counter.applyAsLong(n)));
    long sum = -1;
    for (BrokerNodeReading n : b.nodes()) {
      if (!node.equals(BrokerNodeLoad.ALL) && !n.node().equals(node)) {
        continue;
      }
      long now = counter.applyAsLong(n);
      Long then = before.get(n.node());
      if (now >= 0 && then != null && then >= 0) {
        sum = Math.max(0, sum) + (now >= then ? now - then : now);
      }
    }
    return sum;
  }

  /** The gauge's value at the reading for the node ({@code all}: summed); -1 when none gives it. */
  private static long gauge(
      BrokerLoadSampler.Reading r, String node, ToLongFunction<BrokerNodeReading> gauge) {
    long sum = -1;
    for (BrokerNodeReading n : r.nodes()) {
      long v = gauge.applyAsLong(n);
      if (v >= 0 && (node.equals(BrokerNodeLoad.ALL) || n.node().equals(node))) {
        sum = Math.max(0, sum) + v;
      }
    }
    return sum;
  }

  /** The reading nearest {@code seconds} after the start, within {@code tolerance}; or null. */
  private BrokerLoadSampler.Reading nearest(double seconds, double tolerance) {
    BrokerLoadSampler.Reading best = null;
    double bestDistance = tolerance;
    for (BrokerLoadSampler.Reading r : readings.readings()) {
      double distance = Math.abs((r.nanos() - startNanos) / 1e9 - seconds);
      if (distance <= bestDistance) {
        best = r;
        bestDistance = distance;
      }
    }
    return best;
  }
}
