package io.brokerbench.workload;

import static io.brokerbench.workload.WorkloadOption.AUTOACK;
import static io.brokerbench.workload.WorkloadOption.BACKLOG;
import static io.brokerbench.workload.WorkloadOption.BACKLOG_PRODUCERS;
import static io.brokerbench.workload.WorkloadOption.CONNECTIONS;
import static io.brokerbench.workload.WorkloadOption.CONNECTION_CHANNELS;
import static io.brokerbench.workload.WorkloadOption.CONNECTION_RATE;
import static io.brokerbench.workload.WorkloadOption.CONNECTION_SEND_RATE;
import static io.brokerbench.workload.WorkloadOption.COUNT;
import static io.brokerbench.workload.WorkloadOption.DURABLE;
import static io.brokerbench.workload.WorkloadOption.FLAG;
import static io.brokerbench.workload.WorkloadOption.MULTI_ACK_EVERY;
import static io.brokerbench.workload.WorkloadOption.PMESSAGES;
import static io.brokerbench.workload.WorkloadOption.PRODUCERS;
import static io.brokerbench.workload.WorkloadOption.QUEUE;
import static io.brokerbench.workload.WorkloadOption.QUEUE_PATTERN;
import static io.brokerbench.workload.WorkloadOption.QUEUE_PATTERN_FROM;
import static io.brokerbench.workload.WorkloadOption.QUEUE_PATTERN_TO;
import static io.brokerbench.workload.WorkloadOption.RATE;
import static io.brokerbench.workload.WorkloadOption.RATE_STEPS;
import static io.brokerbench.workload.WorkloadOption.REPLIER_DELAY;
import static io.brokerbench.workload.WorkloadOption.REPLY_TIMEOUT;
import static io.brokerbench.workload.WorkloadOption.REQUEST_REPLY;
import static io.brokerbench.workload.WorkloadOption.SIZE;
import static io.brokerbench.workload.WorkloadOption.STEP_DURATION;

import io.brokerbench.spi.AckMode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * A workload as people describe it: values of {@link WorkloadOption}s, each either set or not set.
 * "Not set" is not the default: it lets a spec lie over another ({@link #overriddenBy}) the way
 * JMH's {@code OptionsBuilder.parent()} does, and lets {@link #toWorkload()} tell "no duration
 * given" from "10 s given". The command line fills a spec, and so can a scenario file, by name and
 * from text ({@link #of(Map)}); the same text gives the same workload and the same error message
 * whatever it came from.
 *
 * <pre>{@code
 * WorkloadSpec file = WorkloadSpec.of(Map.of("producers", "4", "size", "1KiB", "duration", "30s"));
 * WorkloadSpec cli = WorkloadSpec.of(Map.of("count", "100k"));
 * Workload workload = file.overriddenBy(cli).toWorkload(); // 4 producers × 25 000 messages, 30 s
 * }</pre>
 *
 * <p>Immutable; every {@code with…} answers a new spec.
 */
public final class WorkloadSpec {
  private static final WorkloadSpec EMPTY = new WorkloadSpec(Map.of());

  private static final List<Alternatives> ALTERNATIVES =
      List.of(
          new Alternatives(List.of(PMESSAGES), List.of(COUNT)),
          new Alternatives(
              List.of(QUEUE), List.of(QUEUE_PATTERN, QUEUE_PATTERN_FROM, QUEUE_PATTERN_TO)),
          new Alternatives(List.of(RATE), List.of(RATE_STEPS, STEP_DURATION)));

  private final Map<WorkloadOption<?>, Object> values;

  private WorkloadSpec(Map<WorkloadOption<?>, Object> values) {
    this.values = Collections.unmodifiableMap(values);
  }

  /** A spec with nothing set: {@link #toWorkload()} gives the defaults. */
  public static WorkloadSpec empty() {
    return EMPTY;
  }

  /**
   * A spec with the options named by the keys (names or aliases, without dashes) set to the values
   * the texts stand for.
   *
   * @throws WorkloadException for an unknown name, two names of one option, or a text that is not a
   *     value of its option
   */
  public static WorkloadSpec of(Map<String, String> textsByName) {
    Map<WorkloadOption<?>, String> namesGiven = new LinkedHashMap<>();
    WorkloadSpec spec = EMPTY;
    for (Map.Entry<String, String> entry : textsByName.entrySet()) {
      WorkloadOption<?> option = WorkloadOption.named(entry.getKey());
      String earlier = namesGiven.put(option, entry.getKey());
      if (earlier != null) {
        throw new WorkloadException(
            earlier + " and " + entry.getKey() + " are the same option: give one of them");
      }
      spec = spec.withText(option, entry.getValue());
    }
    return spec;
  }

  /**
   * This spec with the option named {@code name} (a name or alias, without dashes) set to the value
   * {@code text} stands for.
   *
   * @throws WorkloadException for an unknown name or a text that is not a value of the option
   */
  public WorkloadSpec withText(String name, String text) {
    return withText(WorkloadOption.named(name), text);
  }

  /**
   * This spec with {@code option} set to the value {@code text} stands for.
   *
   * @throws WorkloadException for a text that is not a value of the option
   */
  public <T> WorkloadSpec withText(WorkloadOption<T> option, String text) {
    return with(option, option.parse(text));
  }

  /** This spec with {@code option} set to {@code value}, or not set when {@code value} is null. */
  public <T> WorkloadSpec with(WorkloadOption<T> option, T value) {
    Map<WorkloadOption<?>, Object> copy = new LinkedHashMap<>(values);
    if (value == null) {
      copy.remove(option);
    } else {
      copy.put(option, value);
    }
    return new WorkloadSpec(copy);
  }

  /**
   * This spec with every option that {@code overrides} sets taken from it; what {@code overrides}
   * does not set stays as this spec has it (set or not). Where two options say one thing two ways,
   * an override saying it either way replaces both: {@code pmessages} over a base's {@code count}
   * clears the count, {@code queue} clears a base's {@code queue-pattern} (with its range), {@code
   * rate} clears a base's {@code rate-steps} (with {@code step-duration}), and the other way round.
   */
  public WorkloadSpec overriddenBy(WorkloadSpec overrides) {
    Map<WorkloadOption<?>, Object> merged = new LinkedHashMap<>(values);
    for (Alternatives alternatives : ALTERNATIVES) {
      alternatives.clearReplaced(merged, overrides);
    }
    merged.putAll(overrides.values);
    return new WorkloadSpec(merged);
  }

  /** True when {@code option} is set. */
  public boolean isSet(WorkloadOption<?> option) {
    return values.containsKey(option);
  }

  /** The value of {@code option}, empty when not set. */
  public <T> Optional<T> value(WorkloadOption<T> option) {
    @SuppressWarnings("unchecked") // with() only stores a T under a WorkloadOption<T>
    T value = (T) values.get(option);
    return Optional.ofNullable(value);
  }

  /** The value of {@code option}, or its default (null when it has none) when not set. */
  public <T> T valueOrDefault(WorkloadOption<T> option) {
    return value(option).orElse(option.defaultValue());
  }

  /** The {@link WorkloadOption#FLAG flags} that are not workload flags, for the driver. */
  public List<String> driverFlags() {
    return value(FLAG).orElse(List.of()).stream()
        .filter(flag -> !flag.equalsIgnoreCase("persistent"))
        .toList();
  }

  /**
   * The workload this spec describes: the defaults for what is not set, and these rules:
   *
   * <ul>
   *   <li>{@code count} (a total) is divided among the producers, rounded up, and wins over {@code
   *       pmessages};
   *   <li>{@code queue-pattern} with {@code queue-pattern-from} and {@code queue-pattern-to} wins
   *       over {@code queue}; each of the range needs the pattern and the pattern needs its end;
   *       with neither, each workload made gets a queue of its own, {@code brokerbench-<run id>};
   *   <li>{@code rate-steps} (of {@code step-duration} each) wins over {@code rate};
   *   <li>{@code autoack} wins over {@code multi-ack-every}, which acknowledges with {@code
   *       multiple} when above 0;
   *   <li>{@code durable} or the flag {@code persistent} makes messages persistent;
   *   <li>without a duration, a run with rate steps lasts their total length, one with a message
   *       count ends on the count, and any other lasts 10 s ({@link Workload.Builder#duration}).
   * </ul>
   *
   * @throws WorkloadException naming the first invalid setting
   */
  public Workload toWorkload() {
    int producers = valueOrDefault(PRODUCERS);
    Workload.Builder builder = Workload.builder();
    // The options that are one field of the workload each; the builder's defaults are theirs.
    for (WorkloadOption<?> option : WorkloadOption.all()) {
      setIfSet(option, builder);
    }
    builder
        .destinations(destinations())
        .rate(rate())
        .persistent(
            valueOrDefault(DURABLE)
                || value(FLAG).orElse(List.of()).stream()
                    .anyMatch(flag -> flag.equalsIgnoreCase("persistent")))
        .backlog(
            new Backlog(
                Backlog.messages(valueOrDefault(BACKLOG), valueOrDefault(SIZE)),
                valueOrDefault(BACKLOG_PRODUCERS).equals("stop")))
        .requestReply(
            new RequestReply(
                valueOrDefault(REQUEST_REPLY),
                valueOrDefault(REPLY_TIMEOUT),
                valueOrDefault(REPLIER_DELAY)))
        .connections(
            new Connections(
                valueOrDefault(CONNECTIONS),
                valueOrDefault(CONNECTION_CHANNELS),
                valueOrDefault(CONNECTION_RATE),
                valueOrDefault(CONNECTION_SEND_RATE)));
    if (valueOrDefault(CONNECTION_SEND_RATE) > 0 && valueOrDefault(CONNECTIONS) == 0) {
      throw new WorkloadException(
          "--connection-send-rate needs idle connections to send on: give --connections N");
    }
    if (valueOrDefault(AUTOACK)) {
      builder.ack(AckMode.AUTO, 1);
    } else if (valueOrDefault(MULTI_ACK_EVERY) > 0) {
      builder.ack(AckMode.MULTIPLE, valueOrDefault(MULTI_ACK_EVERY));
    }
    if (isSet(COUNT)) {
      if (producers < 1) {
        throw new WorkloadException("--count needs at least one producer");
      }
      builder.messagesPerProducer((valueOrDefault(COUNT) + producers - 1) / producers);
    }
    return builder.build();
  }

  private <T> void setIfSet(WorkloadOption<T> option, Workload.Builder builder) {
    value(option).ifPresent(v -> option.setOn(builder, v));
  }

  /**
   * True when this spec names its queues ({@code queue} or {@code queue-pattern}); otherwise each
   * workload it makes gets a queue of its own ({@link Workload.Builder#destination}).
   */
  public boolean namesQueue() {
    return isSet(QUEUE) || isSet(QUEUE_PATTERN);
  }

  /** The destinations named, or null for a queue of the workload's own. */
  private Destinations destinations() {
    Optional<String> pattern = value(QUEUE_PATTERN);
    Optional<Integer> to = value(QUEUE_PATTERN_TO);
    if (pattern.isEmpty()) {
      if (to.isPresent()) {
        throw new WorkloadException(
            "--queue-pattern-to (-qpt) needs --queue-pattern (-qp), e.g. -qp perf-test-%d");
      }
      return value(QUEUE).map(Destinations::single).orElse(null);
    }
    if (to.isEmpty()) {
      throw new WorkloadException(
          "--queue-pattern (-qp) needs --queue-pattern-to (-qpt), the last number");
    }
    return Destinations.pattern(pattern.get(), valueOrDefault(QUEUE_PATTERN_FROM), to.get());
  }

  private RateProfile rate() {
    Optional<List<Double>> steps = value(RATE_STEPS);
    if (steps.isPresent()) {
      return RateProfile.stepped(
          valueOrDefault(STEP_DURATION),
          steps.get().stream().mapToDouble(Double::doubleValue).toArray());
    }
    return RateProfile.fixed(valueOrDefault(RATE));
  }

  /**
   * Two ways to say one thing; within one spec the second wins (see {@link #toWorkload()}), across
   * layers the override's way replaces the base's, so a command line's {@code -C} is not lost under
   * a file's {@code count}.
   *
   * @param one the options of the first way; setting the first of them chooses it
   * @param other the options of the second way; setting the first of them chooses it
   */
  private record Alternatives(List<WorkloadOption<?>> one, List<WorkloadOption<?>> other) {
    void clearReplaced(Map<WorkloadOption<?>, Object> base, WorkloadSpec overrides) {
      if (overrides.isSet(one.get(0))) {
        other.forEach(base::remove);
      }
      if (overrides.isSet(other.get(0))) {
        one.forEach(base::remove);
      }
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof WorkloadSpec spec && values.equals(spec.values);
  }

  @Override
  public int hashCode() {
    return values.hashCode();
  }

  /** The options set, as {@code name=value} pairs. */
  @Override
  public String toString() {
    StringJoiner joiner = new StringJoiner(", ", "WorkloadSpec[", "]");
    values.forEach((option, value) -> joiner.add(option.name() + "=" + value));
    return joiner.toString();
  }
}
