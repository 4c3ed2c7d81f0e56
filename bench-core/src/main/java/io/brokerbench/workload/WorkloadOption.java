package io.brokerbench.workload;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * One workload setting as people name and write it: its name (the command line's long option name
 * without dashes, such as {@code size}), other names it answers to ({@code body-size}), the syntax
 * of its values and its default. A {@link WorkloadSpec} holds values of these options.
 *
 * <pre>{@code
 * int bytes = WorkloadOption.SIZE.parse("64KiB"); // 65_536
 * WorkloadOption<?> same = WorkloadOption.named("body-size"); // SIZE
 * }</pre>
 *
 * @param <T> the type of the option's values
 */
public final class WorkloadOption<T> {

  /**
   * Default values as text, constants so that help texts (annotations) can show them; each option's
   * default value is parsed from its text, so the two cannot disagree.
   */
  public static final class DefaultText {
    /** Default of {@link #PRODUCERS}. */
    public static final String PRODUCERS = "1";

    /** Default of {@link #CONSUMERS}. */
    public static final String CONSUMERS = "1";

    /** Default of {@link #QUEUE_PATTERN_FROM}. */
    public static final String QUEUE_PATTERN_FROM = "1";

    /** Default of {@link #SIZE}. */
    public static final String SIZE = "12";

    /** Default of {@link #RATE}. */
    public static final String RATE = RateSyntax.UNLIMITED;

    /** Default of {@link #STEP_DURATION}. */
    public static final String STEP_DURATION = "10s";

    /** Default of {@link #DURATION}, used only without a message count or rate steps. */
    public static final String DURATION = "10s";

    /**
     * Default of {@link #WARMUP}, used only for a run that sends for {@link
     * Workload#DEFAULT_WARMUP_FROM} or longer; shorter ones and those ending on a count have none.
     */
    public static final String WARMUP = "1s";

    /** Default of {@link #IN_FLIGHT}: no confirms. */
    public static final String IN_FLIGHT = "0";

    /** Default of {@link #PREFETCH}: the driver's default. */
    public static final String PREFETCH = "0";

    /** Default of {@link #MULTI_ACK_EVERY}: acknowledge each delivery. */
    public static final String MULTI_ACK_EVERY = "0";

    /** Default of {@link #CATCH_UP}. */
    public static final String CATCH_UP = "burst";

    /** Default of {@link #ON_CONNECTION_LOSS}. */
    public static final String ON_CONNECTION_LOSS = "fail";

    /** Default of {@link #INTERVAL}. */
    public static final String INTERVAL = "1s";

    /** Default of {@link #DRAIN_TIMEOUT}. */
    public static final String DRAIN_TIMEOUT = "10s";

    /** Default of {@link #TIMEOUT}: never. */
    public static final String TIMEOUT = "0s";

    /** Default of {@link #BACKLOG}: none, consumers start with the producers. */
    public static final String BACKLOG = "0";

    /** Default of {@link #BACKLOG_PRODUCERS}. */
    public static final String BACKLOG_PRODUCERS = "continue";

    /** Default of {@link #REQUEST_REPLY}. */
    public static final String REQUEST_REPLY = "false";

    /** Default of {@link #REPLY_TIMEOUT}. */
    public static final String REPLY_TIMEOUT = "5s";

    /** Default of {@link #REPLIER_DELAY}: reply at once. */
    public static final String REPLIER_DELAY = "0s";

    /** Default of {@link #CONNECTIONS}: none. */
    public static final String CONNECTIONS = "0";

    /** Default of {@link #CONNECTION_CHANNELS}. */
    public static final String CONNECTION_CHANNELS = "1";

    /** Default of {@link #CONNECTION_RATE}. */
    public static final String CONNECTION_RATE = RateSyntax.UNLIMITED;

    /** Default of {@link #CONNECTION_SEND_RATE}: idle. */
    public static final String CONNECTION_SEND_RATE = "0";

    private DefaultText() {}
  }

  /** Producers, each on its own thread. */
  public static final WorkloadOption<Integer> PRODUCERS =
      new WorkloadOption<>("producers", List.of(), WorkloadOption::count, DefaultText.PRODUCERS);

  /** Consumers. */
  public static final WorkloadOption<Integer> CONSUMERS =
      new WorkloadOption<>("consumers", List.of(), WorkloadOption::count, DefaultText.CONSUMERS);

  /**
   * The queue or topic, when there is one. No default value: a workload that names none gets a
   * queue of its own, {@code brokerbench-<run id>} ({@link RunId#defaultQueue}).
   */
  public static final WorkloadOption<String> QUEUE =
      new WorkloadOption<>("queue", List.of("destination"), String::trim, null);

  /** A name with one {@code %d} for many destinations (PerfTest's {@code --queue-pattern}). */
  public static final WorkloadOption<String> QUEUE_PATTERN =
      new WorkloadOption<>("queue-pattern", List.of(), String::trim, null);

  /** First number of {@link #QUEUE_PATTERN}. */
  public static final WorkloadOption<Integer> QUEUE_PATTERN_FROM =
      new WorkloadOption<>(
          "queue-pattern-from", List.of(), WorkloadOption::count, DefaultText.QUEUE_PATTERN_FROM);

  /** Last number of {@link #QUEUE_PATTERN}, inclusive. */
  public static final WorkloadOption<Integer> QUEUE_PATTERN_TO =
      new WorkloadOption<>("queue-pattern-to", List.of(), WorkloadOption::count, null);

  /** Message body size in bytes ({@link SizeSyntax}). */
  public static final WorkloadOption<Integer> SIZE =
      new WorkloadOption<>(
          "size",
          List.of("body-size"),
          text -> toInt(text, SizeSyntax.parse(text)),
          DefaultText.SIZE);

  /** Total target rate in msg/s over all producers ({@link RateSyntax}). */
  public static final WorkloadOption<Double> RATE =
      new WorkloadOption<>("rate", List.of(), RateSyntax::parse, DefaultText.RATE);

  /** A rate sweep: comma-separated total rates, one per step ({@code 1000,2000,4k}). */
  public static final WorkloadOption<List<Double>> RATE_STEPS =
      new WorkloadOption<>("rate-steps", List.of(), text -> list(text, RateSyntax::parse), null);

  /** Length of each step of {@link #RATE_STEPS}. */
  public static final WorkloadOption<Duration> STEP_DURATION =
      new WorkloadOption<>(
          "step-duration", List.of(), DurationSyntax::parse, DefaultText.STEP_DURATION);

  /** How long to send after the warm-up. */
  public static final WorkloadOption<Duration> DURATION =
      new WorkloadOption<>(
          "duration", List.of("time"), DurationSyntax::parse, DefaultText.DURATION);

  /** Messages per producer (PerfTest's {@code --pmessages}). */
  public static final WorkloadOption<Long> PMESSAGES =
      new WorkloadOption<>("pmessages", List.of(), CountSyntax::parse, null);

  /** Messages in total over all producers (quiver's {@code --count}). */
  public static final WorkloadOption<Long> COUNT =
      new WorkloadOption<>("count", List.of(), CountSyntax::parse, null);

  /** Messages per consumer (PerfTest's {@code --cmessages}). */
  public static final WorkloadOption<Long> CMESSAGES =
      new WorkloadOption<>("cmessages", List.of(), CountSyntax::parse, null);

  /** Time at the start excluded from the totals. */
  public static final WorkloadOption<Duration> WARMUP =
      new WorkloadOption<>("warmup", List.of(), DurationSyntax::parse, DefaultText.WARMUP);

  /** Most unconfirmed messages per producer; 0 for no confirms (PerfTest's {@code --confirm}). */
  public static final WorkloadOption<Integer> IN_FLIGHT =
      new WorkloadOption<>(
          "in-flight", List.of("confirm"), WorkloadOption::count, DefaultText.IN_FLIGHT);

  /** Consumer prefetch or link credit; 0 for the driver's default. */
  public static final WorkloadOption<Integer> PREFETCH =
      new WorkloadOption<>(
          "prefetch", List.of("qos", "credit"), WorkloadOption::count, DefaultText.PREFETCH);

  /** Consumers do not acknowledge. */
  public static final WorkloadOption<Boolean> AUTOACK =
      new WorkloadOption<>("autoack", List.of(), WorkloadOption::bool, "false");

  /** Acknowledge every N deliveries with {@code multiple}; 0 to acknowledge each. */
  public static final WorkloadOption<Integer> MULTI_ACK_EVERY =
      new WorkloadOption<>(
          "multi-ack-every", List.of(), WorkloadOption::count, DefaultText.MULTI_ACK_EVERY);

  /**
   * Message flags, comma-separated: {@code persistent}, and driver flags such as {@code mandatory}
   * that the workload passes on ({@link WorkloadSpec#driverFlags()}).
   */
  public static final WorkloadOption<List<String>> FLAG =
      new WorkloadOption<>("flag", List.of(), text -> list(text, String::trim), null);

  /** Persistent messages (quiver's {@code --durable}). */
  public static final WorkloadOption<Boolean> DURABLE =
      new WorkloadOption<>("durable", List.of(), WorkloadOption::bool, "false");

  /** What producers do with overdue sends: {@code burst} or {@code skip}. */
  public static final WorkloadOption<CatchUpPolicy> CATCH_UP =
      new WorkloadOption<>(
          "catch-up", List.of(), WorkloadOption::catchUpPolicy, DefaultText.CATCH_UP);

  /**
   * What producers and consumers do when their connection is lost: {@code fail} or {@code
   * reconnect}.
   */
  public static final WorkloadOption<ConnectionLossPolicy> ON_CONNECTION_LOSS =
      new WorkloadOption<>(
          "on-connection-loss",
          List.of(),
          WorkloadOption::connectionLossPolicy,
          DefaultText.ON_CONNECTION_LOSS);

  /** Reporting interval. */
  public static final WorkloadOption<Duration> INTERVAL =
      new WorkloadOption<>("interval", List.of(), DurationSyntax::parse, DefaultText.INTERVAL);

  /**
   * Longest wait without a message arriving after producers stop; the drain goes on while messages
   * keep arriving.
   */
  public static final WorkloadOption<Duration> DRAIN_TIMEOUT =
      new WorkloadOption<>(
          "drain-timeout", List.of(), DurationSyntax::parse, DefaultText.DRAIN_TIMEOUT);

  /** Fail the run after this long without progress (quiver's {@code --timeout}); 0 for never. */
  public static final WorkloadOption<Duration> TIMEOUT =
      new WorkloadOption<>("timeout", List.of(), DurationSyntax::parse, DefaultText.TIMEOUT);

  /**
   * Messages to queue before consumers start: a count ({@code 500k}) or a size ({@code 512MiB},
   * divided into messages of the run's size); 0 for none.
   */
  public static final WorkloadOption<String> BACKLOG =
      new WorkloadOption<>("backlog", List.of(), WorkloadOption::backlogText, DefaultText.BACKLOG);

  /**
   * What producers do once the backlog is built: {@code continue} at their rate, or {@code stop}.
   */
  public static final WorkloadOption<String> BACKLOG_PRODUCERS =
      new WorkloadOption<>(
          "backlog-producers",
          List.of(),
          WorkloadOption::backlogProducers,
          DefaultText.BACKLOG_PRODUCERS);

  /**
   * Request-reply: producers send requests and wait for replies (at most the in-flight window
   * outstanding each, {@value RequestReply#DEFAULT_OUTSTANDING} when none is set); consumers reply.
   */
  public static final WorkloadOption<Boolean> REQUEST_REPLY =
      new WorkloadOption<>(
          "request-reply", List.of(), WorkloadOption::bool, DefaultText.REQUEST_REPLY);

  /** How long a requester waits for a reply before counting the request as timed out. */
  public static final WorkloadOption<Duration> REPLY_TIMEOUT =
      new WorkloadOption<>(
          "reply-timeout", List.of(), DurationSyntax::parse, DefaultText.REPLY_TIMEOUT);

  /** Each request's processing time on the replier before it replies. */
  public static final WorkloadOption<Duration> REPLIER_DELAY =
      new WorkloadOption<>(
          "replier-delay", List.of(), DurationSyntax::parse, DefaultText.REPLIER_DELAY);

  /** Idle connections opened before the run and held for its duration. */
  public static final WorkloadOption<Integer> CONNECTIONS =
      new WorkloadOption<>(
          "connections", List.of(), WorkloadOption::count, DefaultText.CONNECTIONS);

  /** Channels (AMQP 0.9.1) or sessions (AMQP 1.0) on each idle connection. */
  public static final WorkloadOption<Integer> CONNECTION_CHANNELS =
      new WorkloadOption<>(
          "connection-channels",
          List.of("connection-sessions"),
          WorkloadOption::count,
          DefaultText.CONNECTION_CHANNELS);

  /** Idle connections opened per second ({@link RateSyntax}). */
  public static final WorkloadOption<Double> CONNECTION_RATE =
      new WorkloadOption<>(
          "connection-rate", List.of(), RateSyntax::parse, DefaultText.CONNECTION_RATE);

  /**
   * Messages per second each held idle connection sends ({@link RateSyntax}, fractions allowed: 0.1
   * is one every 10 s); 0 leaves them idle.
   */
  public static final WorkloadOption<Double> CONNECTION_SEND_RATE =
      new WorkloadOption<>(
          "connection-send-rate", List.of(), RateSyntax::parse, DefaultText.CONNECTION_SEND_RATE);

  private static final List<WorkloadOption<?>> ALL =
      List.of(
          PRODUCERS,
          CONSUMERS,
          QUEUE,
          QUEUE_PATTERN,
          QUEUE_PATTERN_FROM,
          QUEUE_PATTERN_TO,
          SIZE,
          RATE,
          RATE_STEPS,
          STEP_DURATION,
          DURATION,
          PMESSAGES,
          COUNT,
          CMESSAGES,
          WARMUP,
          IN_FLIGHT,
          PREFETCH,
          AUTOACK,
          MULTI_ACK_EVERY,
          FLAG,
          DURABLE,
          CATCH_UP,
          ON_CONNECTION_LOSS,
          INTERVAL,
          DRAIN_TIMEOUT,
          TIMEOUT,
          BACKLOG,
          BACKLOG_PRODUCERS,
          REQUEST_REPLY,
          REPLY_TIMEOUT,
          REPLIER_DELAY,
          CONNECTIONS,
          CONNECTION_CHANNELS,
          CONNECTION_RATE,
          CONNECTION_SEND_RATE);

  private final String name;
  private final List<String> aliases;
  private final Function<String, T> syntax;
  private final String defaultText;
  private final T defaultValue;

  private WorkloadOption(
      String name, List<String> aliases, Function<String, T> syntax, String defaultText) {
    this.name = name;
    this.aliases = aliases;
    this.syntax = syntax;
    this.defaultText = defaultText;
    this.defaultValue = defaultText == null ? null : syntax.apply(defaultText);
  }

  /** Every workload option, in the order of the command line's help. */
  public static List<WorkloadOption<?>> all() {
    return ALL;
  }

  /**
   * The option with this name or alias (without dashes).
   *
   * @throws WorkloadException for an unknown name, listing the known ones
   */
  public static WorkloadOption<?> named(String name) {
    for (WorkloadOption<?> option : ALL) {
      if (option.name.equals(name) || option.aliases.contains(name)) {
        return option;
      }
    }
    throw new WorkloadException(
        "unknown workload option '"
            + name
            + "': use one of "
            + String.join(", ", ALL.stream().map(WorkloadOption::name).toList()));
  }

  /** The option's name: the command line's long option name without dashes. */
  public String name() {
    return name;
  }

  /** Other names the option answers to, such as quiver's {@code body-size} for {@code size}. */
  public List<String> aliases() {
    return aliases;
  }

  /** The default as text, or null when the option has none (not set means "not used"). */
  public String defaultText() {
    return defaultText;
  }

  /** The default value, or null when the option has none. */
  public T defaultValue() {
    return defaultValue;
  }

  /**
   * The value {@code text} stands for.
   *
   * @throws WorkloadException naming this option, the text and what to write instead
   */
  public T parse(String text) {
    try {
      return syntax.apply(text);
    } catch (WorkloadException e) {
      throw new WorkloadException(name + ": " + e.getMessage());
    }
  }

  @Override
  public String toString() {
    return name;
  }

  private static int count(String text) {
    return toInt(text, CountSyntax.parse(text));
  }

  private static int toInt(String text, long value) {
    if (value > Integer.MAX_VALUE) {
      throw new WorkloadException("'" + text + "' is too large: use at most " + Integer.MAX_VALUE);
    }
    return (int) value;
  }

  private static <E> List<E> list(String text, Function<String, E> element) {
    List<E> values = new ArrayList<>();
    for (String part : text.split(",")) {
      if (!part.isBlank()) {
        values.add(element.apply(part));
      }
    }
    return List.copyOf(values);
  }

  private static Boolean bool(String text) {
    return switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new WorkloadException("'" + text + "' is not a boolean: use true or false");
    };
  }

  /** The text of a backlog, checked as a count or a size. */
  private static String backlogText(String text) {
    Backlog.messages(text, 1);
    return text.trim();
  }

  /** {@code continue} or {@code stop}, in lower case. */
  private static String backlogProducers(String text) {
    String value = text.trim().toLowerCase(Locale.ROOT);
    if (!value.equals("continue") && !value.equals("stop")) {
      throw new WorkloadException("'" + text + "' is not continue or stop");
    }
    return value;
  }

  private static ConnectionLossPolicy connectionLossPolicy(String text) {
    try {
      return ConnectionLossPolicy.valueOf(text.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new WorkloadException("'" + text + "' is not fail or reconnect");
    }
  }

  private static CatchUpPolicy catchUpPolicy(String text) {
    try {
      return CatchUpPolicy.valueOf(text.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new WorkloadException(
          "'"
              + text
              + "' is not a catch-up policy: use "
              + String.join(
                  " or ",
                  Arrays.stream(CatchUpPolicy.values())
                      .map(p -> p.name().toLowerCase(Locale.ROOT))
                      .toList()));
    }
  }
}
