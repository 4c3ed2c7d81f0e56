package io.brokerbench.result;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
 * assertThat(result.integrity().lost()).isZero();
 * assertThat(result.latency().get("e2e").p99Micros()).isLessThan(5_000);
 * }</pre>
 *
 * @param schema always {@value #SCHEMA}
 * @param status {@code completed}, {@code interrupted} (Ctrl-C), {@code failed} or, for a result
 *     merged from fewer shards than the run had, {@code partial}
 * @param error the failure's one-line message, or null
 * @param commandLine the command line that started the run, passwords masked, or null when the run
 *     was started from Java
 * @param workload what was run
 * @param driver the driver and every option's value in effect
 * @param shard which part of the workload this run played ({@code Shard.whole} for a whole run)
 * @param environment where and against what
 * @param totals counts and rates after the warm-up
 * @param latency latency summaries after the warm-up, by {@link
 *     io.brokerbench.latency.LatencyKind#key()}, each with its histogram; kinds with no values are
 *     absent
 * @param integrity lost, duplicated and reordered messages (over the whole run, warm-up included)
 * @param integrityByProducer the same per producer, for merging results of shards
 * @param steps per-step results of a {@code --rate-steps} sweep (one step otherwise)
 * @param intervals the per-interval series
 * @param warnings things the reader must know (loss, embedded broker, stamp in headers)
 * @param thresholds the run's pass/fail criteria checked on this result ({@code --assert})
 * @param shards each shard's part, for a result merged from shards ({@code bench merge}); empty
 *     otherwise
 * @param missingShards the shards of the run a merged result lacks (its status is then {@code
 *     partial}); empty otherwise
 * @param flowControl flow control the broker announced during the run
 * @param backlog the fill and drain of a backlog run ({@link BacklogResult#NONE} otherwise)
 * @param requestReply what became of a request-reply run's requests ({@link
 *     RequestReplyCounts#NONE} otherwise)
 * @param connections the idle connections of a many-connections run ({@link ConnectionsResult#NONE}
 *     otherwise)
 * @param connectionLosses connections lost and got back with {@code --on-connection-loss reconnect}
 *     ({@link ConnectionLosses#NONE} otherwise)
 * @param brokerLoad the broker's own load through the run ({@link BrokerLoad#NONE} when it was not
 *     read: an embedded broker, a driver that cannot, a shard other than the first)
 */
// The validity is written for readers of result.json and derived again from the warnings on read.
@JsonIgnoreProperties(value = "validity", allowGetters = true)
public record RunResult(
    String schema,
    String status,
    String error,
    String commandLine,
    WorkloadSummary workload,
    DriverSettings driver,
    io.brokerbench.workload.Shard shard,
    Environment environment,
    Totals totals,
    Map<String, LatencySummary> latency,
    IntegrityCounts integrity,
    List<ProducerIntegrity> integrityByProducer,
    List<StepResult> steps,
    List<IntervalSample> intervals,
    List<Warning> warnings,
    List<ThresholdOutcome> thresholds,
    List<ShardSummary> shards,
    List<MissingShard> missingShards,
    FlowControl flowControl,
    BacklogResult backlog,
    RequestReplyCounts requestReply,
    ConnectionsResult connections,
    ConnectionLosses connectionLosses,
    BrokerLoad brokerLoad) {

  /** The schema identifier written in every result. */
  public static final String SCHEMA = "brokerbench-result/2";

  /** The status of a run that ran to its end. */
  public static final String COMPLETED = "completed";

  /** The status of a run ended early by the user. */
  public static final String INTERRUPTED = "interrupted";

  /** The status of a run that failed; {@link #error()} says why. */
  public static final String FAILED = "failed";

  /**
   * The status of a result merged from fewer shards than the run had, {@link #missingShards()}
   * naming the others: an incomplete run, whose figures lack theirs.
   */
  public static final String PARTIAL = "partial";

  /** Copies the collections. */
  public RunResult {
    latency = Collections.unmodifiableMap(new LinkedHashMap<>(latency));
    integrityByProducer = List.copyOf(integrityByProducer);
    steps = List.copyOf(steps);
    intervals = List.copyOf(intervals);
    warnings = List.copyOf(warnings);
    thresholds = List.copyOf(thresholds);
    shards = shards == null ? List.of() : List.copyOf(shards);
    missingShards = missingShards == null ? List.of() : List.copyOf(missingShards);
    flowControl = flowControl == null ? FlowControl.NONE : flowControl;
    backlog = backlog == null ? BacklogResult.NONE : backlog;
    requestReply = requestReply == null ? RequestReplyCounts.NONE : requestReply;
    connections = connections == null ? ConnectionsResult.NONE : connections;
    connectionLosses = connectionLosses == null ? ConnectionLosses.NONE : connectionLosses;
    brokerLoad = brokerLoad == null ? BrokerLoad.NONE : brokerLoad;
  }

  /** This result with these threshold outcomes. */
  public RunResult withThresholds(List<ThresholdOutcome> outcomes) {
    return new RunResult(
        schema,
        status,
        error,
        commandLine,
        workload,
        driver,
        shard,
        environment,
        totals,
        latency,
        integrity,
        integrityByProducer,
        steps,
        intervals,
        warnings,
        outcomes,
        shards,
        missingShards,
        flowControl,
        backlog,
        requestReply,
        connections,
        connectionLosses,
        brokerLoad);
  }

  /** True when every threshold checked passed (and when there was none). */
  public boolean thresholdsPassed() {
    return thresholds.stream().allMatch(ThresholdOutcome::passed);
  }

  /**
   * True when the run failed before sending started: it has no figures, only its error, and a
   * report shows nothing but that. A run stopped while opening its idle connections has their
   * figures.
   */
  public boolean failedBeforeSending() {
    return intervals.isEmpty() && !completed() && connections.opened() + connections.failed() == 0;
  }

  /** True when the run ran to its end. */
  public boolean completed() {
    return COMPLETED.equals(status);
  }

  /**
   * Whether the run measured the broker, from its warnings: {@code suspect} with the reasons when
   * it may have measured the generator or the machine.
   */
  @JsonProperty("validity")
  public Validity validity() {
    return Validity.of(warnings);
  }

  /** True when a warning with this {@linkplain Warning#code() code} was raised. */
  public boolean warned(String code) {
    return warnings.stream().anyMatch(w -> w.code().equals(code));
  }
}
