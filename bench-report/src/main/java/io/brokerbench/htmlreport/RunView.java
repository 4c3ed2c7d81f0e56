package io.brokerbench.htmlreport;

import io.brokerbench.latency.LatencyKind;
import io.brokerbench.result.Environment;
import io.brokerbench.result.IntegrityCounts;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.MessageCounts;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Totals;
import io.brokerbench.result.Validity;
import io.brokerbench.result.Warning;
import io.brokerbench.result.WorkloadSummary;
import io.brokerbench.workload.RequestReply;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the page shows of one run, as the page's script reads it from the embedded JSON.
 *
 * @param id the run's element id in the page
 * @param title the run's heading
 * @param status {@code completed}, {@code interrupted}, {@code failed} or {@code partial}
 * @param error the failure's message, or null
 * @param commandLine the command line of the run, or null
 * @param summary totals as label and value
 * @param workload the workload as label and value
 * @param driver driver name and options in effect
 * @param environment broker product and version, host and runtime, as label and value
 * @param integrity integrity counts as label and value
 * @param warnings the run's warnings
 * @param validity whether the run measured the broker, with the reasons it may not have
 * @param intervals the over-time series
 * @param distributions a percentile curve per latency kind that has values
 * @param steps the per-step rows; shown when there are several
 * @param shards the per-shard rows of a merged result; empty otherwise
 */
record RunView(
    String id,
    String title,
    String status,
    String error,
    String commandLine,
    Map<String, String> summary,
    Map<String, String> workload,
    Map<String, String> driver,
    Map<String, String> environment,
    Map<String, Long> integrity,
    List<Warning> warnings,
    Validity validity,
    IntervalSeries intervals,
    List<Distribution> distributions,
    List<StepsTable.Row> steps,
    List<ShardsTable.Row> shards) {
  private static final String NO_PRODUCERS = "none (no producers)";

  /**
   * The percentile distribution of one latency kind.
   *
   * @param kind the kind's key, such as {@code e2e}
   * @param label what the legend calls it
   * @param count values recorded
   * @param points the curve
   */
  record Distribution(String kind, String label, long count, List<PercentileCurve.Point> points) {}

  /** The view of a run under this heading. */
  static RunView of(String id, String title, RunResult result) {
    return new RunView(
        id,
        title,
        result.ending().status(),
        result.ending().error(),
        result.setup().commandLine(),
        summary(result),
        workload(result.setup().workload()),
        driver(result),
        environment(result.setup().environment()),
        integrity(result.figures().integrity()),
        result.verdict().warnings(),
        result.validity(),
        IntervalSeries.of(result),
        distributions(result.figures().latency()),
        StepsTable.rows(result),
        ShardsTable.rows(result));
  }

  private static List<Distribution> distributions(Map<String, LatencySummary> latency) {
    List<Distribution> distributions = new ArrayList<>();
    for (LatencyKind kind : LatencyKind.values()) {
      LatencySummary summary = latency.get(kind.key());
      if (summary != null && summary.count() > 0 && summary.histogram() != null) {
        distributions.add(
            new Distribution(
                kind.key(),
                kind.label(),
                summary.count(),
                PercentileCurve.of(summary.decodedHistogram())));
      }
    }
    return distributions;
  }

  private static Map<String, String> summary(RunResult result) {
    Totals totals = result.figures().totals();
    MessageCounts c = totals.counts();
    Map<String, String> rows = new LinkedHashMap<>();
    // A run without confirms has no confirm figures: the rows say so instead of showing zeros.
    boolean confirms =
        result.setup().workload().inFlightWindow() > 0 && !result.setup().workload().requestReply();
    rows.put("sent", c.sent() + " (" + Numbers.rate(totals.rates().sentPerSecond()) + ")");
    rows.put(
        "confirmed",
        confirms
            ? c.confirmed() + " (" + Numbers.rate(totals.rates().confirmedPerSecond()) + ")"
            : "- (confirms off)");
    rows.put(
        "received", c.received() + " (" + Numbers.rate(totals.rates().receivedPerSecond()) + ")");
    rows.put("not accepted (refused, returned, failed)", Long.toString(c.notAccepted().total()));
    if (confirms) {
      rows.put("unconfirmed at the end", Long.toString(c.unconfirmed()));
    }
    rows.put("skipped (catch-up policy)", Long.toString(c.skipped()));
    rows.put("waited for the in-flight window", Long.toString(c.windowWaits()));
    rows.put("sending", Numbers.seconds(totals.sendSeconds()));
    if (result.extras().backlog().present()) {
      rows.put("backlog", result.extras().backlog().describe());
    }
    if (result.extras().requestReply().present()) {
      rows.put("request-reply", result.extras().requestReply().describe());
    }
    if (result.extras().connections().present()) {
      rows.put("idle connections", result.extras().connections().describeOpening());
      rows.put("client memory", result.extras().connections().describeClient());
      rows.put("broker memory", result.extras().connections().describeBroker());
    }
    if (result.extras().connectionLosses().happened()) {
      rows.put("connection losses", result.extras().connectionLosses().describe());
    }
    if (result.extras().flowControl().happened()) {
      rows.put("broker flow control", result.extras().flowControl().describe());
    }
    rows.put("client CPU", Numbers.fixed(totals.client().cpuMicrosPerMessage(), 2) + " µs/msg");
    rows.put(
        "client peak RSS",
        totals.client().peakRssBytes() < 0
            ? "unknown"
            : Numbers.fixed(totals.client().peakRssBytes() / (1024.0 * 1024.0), 1) + " MiB");
    if (result.extras().brokerLoad().measured()) {
      rows.put("broker load", result.extras().brokerLoad().total().describe());
      if (result.extras().brokerLoad().nodes().size() > 1) {
        result
            .extras()
            .brokerLoad()
            .nodes()
            .forEach(n -> rows.put("broker node " + n.node(), n.describe()));
      }
      rows.put("broker load read from", result.extras().brokerLoad().source());
    }
    return rows;
  }

  private static Map<String, String> workload(WorkloadSummary w) {
    Map<String, String> rows = new LinkedHashMap<>();
    rows.put("producers / consumers", w.producers() + " / " + w.consumers());
    rows.put("destinations", String.join(", ", w.destinations()));
    rows.put("message size", w.messageBytes() + " B");
    // A run of idle connections alone has no schedule: "unlimited" would say the opposite.
    rows.put("target rate", w.producers() == 0 ? NO_PRODUCERS : targets(w.rateSteps()));
    if (w.rateSteps().size() > 1) {
      rows.put(
          "step length",
          String.join(", ", w.rateStepSeconds().stream().map(Numbers::seconds).toList()));
    }
    rows.put(
        "duration", w.durationSeconds() > 0 ? Numbers.seconds(w.durationSeconds()) : "by count");
    if (w.messagesPerProducer() > 0) {
      rows.put("messages per producer", Long.toString(w.messagesPerProducer()));
    }
    if (w.messagesPerConsumer() > 0) {
      rows.put("messages per consumer", Long.toString(w.messagesPerConsumer()));
    }
    rows.put("warm-up", Numbers.seconds(w.warmupSeconds()));
    rows.put(
        "in-flight window",
        w.requestReply()
            ? "requests awaiting a reply: "
                + (w.inFlightWindow() == 0 ? RequestReply.DEFAULT_OUTSTANDING : w.inFlightWindow())
            : w.inFlightWindow() == 0 ? "no confirms" : "" + w.inFlightWindow());
    rows.put("prefetch", w.prefetch() == 0 ? "driver default" : "" + w.prefetch());
    rows.put("ack", w.ackMode() + (w.ackEvery() > 1 ? " every " + w.ackEvery() : ""));
    rows.put("persistent", Boolean.toString(w.persistent()));
    rows.put("catch-up", w.catchUp());
    if (w.onConnectionLoss() != null) {
      rows.put("on connection loss", w.onConnectionLoss());
    }
    if (w.connections() > 0) {
      rows.put(
          "idle connections",
          w.connections()
              + " × "
              + w.connectionChannels()
              + " channels or sessions, opened at "
              + (w.connectionRate() == 0
                  ? "an unlimited rate"
                  : Numbers.fixed(w.connectionRate(), 0) + " connections/s")
              + (w.connectionSendRate() > 0
                  ? ", each sending "
                      + BigDecimal.valueOf(w.connectionSendRate())
                          .stripTrailingZeros()
                          .toPlainString()
                      + " msg/s while held"
                  : ""));
    }
    return rows;
  }

  private static String targets(List<Double> steps) {
    return String.join(
        ", ", steps.stream().map(s -> s == 0 ? "unlimited" : Numbers.rate(s)).toList());
  }

  private static Map<String, String> driver(RunResult result) {
    Map<String, String> rows = new LinkedHashMap<>();
    rows.put("driver", result.setup().driver().name());
    // Options the user did not give and the driver has no default for are left out.
    result
        .setup()
        .driver()
        .options()
        .forEach(
            (name, value) -> {
              if (value != null) {
                rows.put(name, value);
              }
            });
    return rows;
  }

  private static Map<String, String> environment(Environment e) {
    Map<String, String> rows = new LinkedHashMap<>();
    rows.put("broker", e.broker().product() + " " + e.broker().version());
    rows.put("target", e.target() + (e.embedded() ? " (embedded in the generator)" : ""));
    rows.put("client library", e.clientLibrary());
    rows.put("stamp in", e.stampLocation());
    rows.put("started", e.startTime());
    rows.put("host", e.host() + ", " + e.cores() + " cores, " + e.os());
    rows.put("Java", e.java());
    rows.put("brokerbench", e.brokerbenchVersion());
    e.clientNodes().forEach((client, node) -> rows.put(client, node));
    return rows;
  }

  private static Map<String, Long> integrity(IntegrityCounts i) {
    Map<String, Long> rows = new LinkedHashMap<>();
    rows.put("unique", i.unique());
    rows.put("lost", i.lost());
    rows.put("still queued", i.stillQueued());
    rows.put("duplicates", i.duplicates());
    rows.put("redelivered", i.redelivered());
    rows.put("out of order", i.outOfOrder());
    rows.put("foreign", i.foreign());
    return rows;
  }
}
