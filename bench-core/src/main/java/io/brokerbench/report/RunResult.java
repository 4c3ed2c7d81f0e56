package io.brokerbench.report;

import io.brokerbench.integrity.IntegrityCounts;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything a run measured. Written as JSON by {@link JsonResult}; the field names are the schema,
 * documented in README.md ("Result files").
 *
 * <p>Example of asserting on a result in a test:
 *
 * <pre>{@code
 * RunResult result = BenchmarkRun.builder(workload).driver("loopback").build().run();
 * assertThat(result.integrity().lost()).isZero();
 * assertThat(result.latency().get("e2e").p99Micros()).isLessThan(5_000);
 * }</pre>
 *
 * @param schema always {@value #SCHEMA}
 * @param status {@code completed}, {@code interrupted} (Ctrl-C) or {@code failed}
 * @param error the failure's one-line message, or null
 * @param workload what was run
 * @param environment where and against what
 * @param totals counts and rates after the warm-up
 * @param latency latency summaries after the warm-up, by {@link
 *     io.brokerbench.latency.LatencyKind#key()}; kinds with no values are absent
 * @param integrity lost, duplicated and reordered messages (over the whole run, warm-up included)
 * @param intervals the per-interval series
 * @param warnings things the reader must know (loss, embedded broker, stamp in headers)
 */
public record RunResult(
    String schema,
    String status,
    String error,
    WorkloadSummary workload,
    Environment environment,
    Totals totals,
    Map<String, LatencySummary> latency,
    IntegrityCounts integrity,
    List<IntervalSample> intervals,
    List<String> warnings) {

  /** The schema identifier written in every result. */
  public static final String SCHEMA = "brokerbench-result/1";

  /** Copies the collections. */
  public RunResult {
    latency = Collections.unmodifiableMap(new LinkedHashMap<>(latency));
    intervals = List.copyOf(intervals);
    warnings = List.copyOf(warnings);
  }

  /** True when the run ran to its end. */
  public boolean completed() {
    return "completed".equals(status);
  }
}
