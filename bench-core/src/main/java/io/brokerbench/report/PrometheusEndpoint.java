package io.brokerbench.report;

import com.sun.net.httpserver.HttpServer;
import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.result.IntervalSample;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Serves the run's metrics at {@code http://127.0.0.1:PORT/metrics} in the Prometheus text format,
 * through Micrometer. Latencies are Prometheus histograms ({@code
 * brokerbench_latency_seconds_bucket{kind="e2e",le="..."}}), so percentiles can be aggregated
 * server-side; counters are {@code brokerbench_messages_total{event="sent|confirmed|received"}}.
 *
 * <p>The histograms are fed once per interval from the run's HdrHistograms, on the reporting
 * thread, so enabling the endpoint adds nothing to the per-message path.
 */
public final class PrometheusEndpoint implements ReportSink {
  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final HttpServer server;
  private final Map<LatencyKind, Timer> timers = new EnumMap<>(LatencyKind.class);
  private final Counter sent;
  private final Counter confirmed;
  private final Counter received;
  private final AtomicLong cpuPermille = new AtomicLong();
  private final AtomicLong rssBytes = new AtomicLong();

  /**
   * Starts serving on the loopback interface.
   *
   * @param port TCP port, or 0 for any free port (see {@link #port()})
   * @throws IOException when the port cannot be bound
   */
  public PrometheusEndpoint(int port) throws IOException {
    for (LatencyKind kind : LatencyKind.values()) {
      timers.put(
          kind,
          Timer.builder("brokerbench.latency")
              .description(kind.label())
              .tag("kind", kind.key())
              .publishPercentileHistogram()
              .minimumExpectedValue(Duration.ofNanos(1000))
              .maximumExpectedValue(Duration.ofMinutes(10))
              .register(registry));
    }
    sent = counter("sent");
    confirmed = counter("confirmed");
    received = counter("received");
    Gauge.builder("brokerbench.client.cpu.percent", cpuPermille, v -> v.get() / 10.0)
        .register(registry);
    Gauge.builder("brokerbench.client.rss.bytes", rssBytes, AtomicLong::get).register(registry);
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
    server.createContext(
        "/metrics",
        exchange -> {
          byte[] body = registry.scrape().getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4");
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream os = exchange.getResponseBody()) {
            os.write(body);
          }
        });
    server.start();
  }

  private Counter counter(String event) {
    return Counter.builder("brokerbench.messages").tag("event", event).register(registry);
  }

  /** The bound port. */
  public int port() {
    return server.getAddress().getPort();
  }

  @Override
  public void interval(IntervalSample s, LatencyHistograms histograms) {
    sent.increment(s.counts().sent());
    confirmed.increment(s.counts().confirmed());
    received.increment(s.counts().received());
    cpuPermille.set(Math.round(s.cpuPercent() * 10));
    rssBytes.set(s.rssBytes());
    for (LatencyKind kind : LatencyKind.values()) {
      Timer timer = timers.get(kind);
      for (HistogramIterationValue v : histograms.histogram(kind).recordedValues()) {
        long value = v.getValueIteratedTo();
        for (long n = v.getCountAtValueIteratedTo(); n > 0; n--) {
          timer.record(value, TimeUnit.NANOSECONDS);
        }
      }
    }
  }

  @Override
  public void close() {
    server.stop(0);
    registry.close();
  }
}
