package io.brokerbench.result;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * Everything a run measured. Written as JSON by {@link io.brokerbench.report.JsonResult}; the field
 * names are the schema {@value #SCHEMA}, published as a JSON Schema in {@code
 * io/brokerbench/result/brokerbench-result-2.schema.json} (bench-core's resources) and documented
 * in docs/results.md ("Result files").
 *
 * <p>Example of asserting on a result in a test:
 *
 * <pre>{@code
 * RunResult result = BenchmarkRun.builder(workload).driver("loopback").build().run();
 * assertThat(result.figures().integrity().lost()).isZero();
 * assertThat(result.figures().latency().get("e2e").p99Micros()).isLessThan(5_000);
 * }</pre>
 *
 * <p>Its parts are records of their own, each written unwrapped, so result.json is one flat object
 * whose field names do not show the grouping: a new figure is added to one part, and a result with
 * one thing changed is built with a {@code with} method rather than by copying every field.
 *
 * @param schema always {@value #SCHEMA}
 * @param ending how the run ended
 * @param setup what was run, how it was started and where
 * @param figures what it measured of its messages
 * @param verdict its warnings and the thresholds checked on it
 * @param mergedFrom the shards a merged result was made of ({@link MergeSources#NONE} otherwise)
 * @param extras what it measured beyond its messages ({@link RunExtras#NONE} when nothing)
 */
// The validity is written for readers of result.json and derived again from the warnings on read.
@JsonIgnoreProperties(value = "validity", allowGetters = true)
public record RunResult(
    String schema,
    @JsonUnwrapped RunEnding ending,
    @JsonUnwrapped RunSetup setup,
    @JsonUnwrapped RunFigures figures,
    @JsonUnwrapped RunVerdict verdict,
    @JsonUnwrapped MergeSources mergedFrom,
    @JsonUnwrapped RunExtras extras) {

  /** The schema identifier written in every result. */
  public static final String SCHEMA = "brokerbench-result/2";

  /** The status of a run that ran to its end. */
  public static final String COMPLETED = "completed";

  /** The status of a run ended early by the user. */
  public static final String INTERRUPTED = "interrupted";

  /** The status of a run that failed; {@link RunEnding#error()} says why. */
  public static final String FAILED = "failed";

  /**
   * The status of a result merged from fewer shards than the run had, {@link
   * MergeSources#missingShards()} naming the others: an incomplete run, whose figures lack theirs.
   */
  public static final String PARTIAL = "partial";

  /** Reads a part missing from an older file as its {@code NONE}. */
  public RunResult {
    mergedFrom = mergedFrom == null ? MergeSources.NONE : mergedFrom;
    extras = extras == null ? RunExtras.NONE : extras;
  }

  /** This result with these threshold outcomes. */
  public RunResult withThresholds(List<ThresholdOutcome> outcomes) {
    return withVerdict(verdict.withThresholds(outcomes));
  }

  /** This result with this verdict. */
  public RunResult withVerdict(RunVerdict replacement) {
    return new RunResult(schema, ending, setup, figures, replacement, mergedFrom, extras);
  }

  /** This result with these extras. */
  public RunResult withExtras(RunExtras replacement) {
    return new RunResult(schema, ending, setup, figures, verdict, mergedFrom, replacement);
  }

  /** True when every threshold checked passed (and when there was none). */
  public boolean thresholdsPassed() {
    return verdict.thresholds().stream().allMatch(ThresholdOutcome::passed);
  }

  /**
   * True when the run failed before sending started: it has no figures, only its error, and a
   * report shows nothing but that. A run stopped while opening its idle connections has their
   * figures.
   */
  public boolean failedBeforeSending() {
    ConnectionsResult connections = extras.connections();
    return figures.intervals().isEmpty()
        && !completed()
        && connections.opened() + connections.failed() == 0;
  }

  /** True when the run ran to its end. */
  public boolean completed() {
    return COMPLETED.equals(ending.status());
  }

  /**
   * Whether the run measured the broker, from its warnings: {@code suspect} with the reasons when
   * it may have measured the generator or the machine.
   */
  @JsonProperty("validity")
  public Validity validity() {
    return Validity.of(verdict.warnings());
  }

  /** True when a warning with this {@linkplain Warning#code() code} was raised. */
  public boolean warned(String code) {
    return verdict.warnings().stream().anyMatch(w -> w.code().equals(code));
  }
}
