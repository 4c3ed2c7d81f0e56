package io.brokerbench.workload;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * One workload setting, declared once: its name (the command line's long option name without
 * dashes, such as {@code size}), the other names it answers to ({@code body-size}, PerfTest's
 * {@code -s}), the syntax of its values, its default and its help. A {@link WorkloadSpec} holds
 * values of these options; the command line, its help and scenario files all come from this
 * catalogue, so adding an option is its declaration here and its field in {@link Workload}.
 *
 * <pre>{@code
 * int bytes = WorkloadOption.SIZE.parse("64KiB"); // 65_536
 * WorkloadOption<?> same = WorkloadOption.named("body-size"); // SIZE
 * }</pre>
 *
 * @param <T> the type of the option's values
 */
public final class WorkloadOption<T> {

  /** How an option is written on a command line. */
  public enum Form {
    /** {@code --name VALUE}. */
    VALUE,
    /** {@code --name A,B} or {@code --name A --name B}: a list, given once or repeated. */
    LIST,
    /** {@code --name} alone means true; it takes no value (PerfTest's {@code -a}). */
    SWITCH,
    /** {@code --name} alone means true, {@code --name false} turns it off. */
    OPTIONAL_SWITCH
  }

  // Declared before the options: each declaration adds itself, in the order of the help.
  private static final List<WorkloadOption<?>> ALL = new ArrayList<>();

  // The parsers several options share, each one object: every method reference written out is a
  // class of its own, spun at start-up.
  private static final Function<String, Integer> PARSE_WHOLE_NUMBER = WorkloadOption::count;
  private static final Function<String, Duration> PARSE_DURATION = DurationSyntax::parse;
  private static final Function<String, Boolean> PARSE_BOOLEAN = WorkloadOption::bool;
  private static final Function<String, Double> PARSE_RATE = RateSyntax::parse;
  private static final Function<String, Long> PARSE_COUNT = CountSyntax::parse;
  private static final Function<String, String> PARSE_TRIMMED = String::trim;

  /** Producers, each on its own thread. */
  public static final WorkloadOption<Integer> PRODUCERS =
      declare("producers", PARSE_WHOLE_NUMBER)
          .sets(Workload.Builder::producers)
          .names("-x", "--producers")
          .defaultText("1")
          .help("Producers, each on its own thread.")
          .add();

  /** Consumers. */
  public static final WorkloadOption<Integer> CONSUMERS =
      declare("consumers", PARSE_WHOLE_NUMBER)
          .sets(Workload.Builder::consumers)
          .names("-y", "--consumers")
          .defaultText("1")
          .help("Consumers.")
          .add();

  /**
   * The queue or topic, when there is one. No default value: a workload that names none gets a
   * queue of its own, {@code brokerbench-<run id>} ({@link RunId#defaultQueue}).
   */
  public static final WorkloadOption<String> QUEUE =
      declare("queue", PARSE_TRIMMED)
          .names("-u", "--queue", "--destination")
          .help(
              "Queue or topic name; a sharded run must name it, others get a queue of their own"
                  + " with a random id.")
          .shownDefault(RunId.DEFAULT_QUEUE_TEXT)
          .add();

  /** A name with one {@code %d} for many destinations (PerfTest's {@code --queue-pattern}). */
  public static final WorkloadOption<String> QUEUE_PATTERN =
      declare("queue-pattern", PARSE_TRIMMED)
          .names("-qp", "--queue-pattern")
          .help("Use many destinations: a name with one %d, e.g. perf-test-%d.")
          .add();

  /** First number of {@link #QUEUE_PATTERN}. */
  public static final WorkloadOption<Integer> QUEUE_PATTERN_FROM =
      declare("queue-pattern-from", PARSE_WHOLE_NUMBER)
          .names("-qpf", "--queue-pattern-from")
          .defaultText("1")
          .help("First number for --queue-pattern.")
          .add();

  /** Last number of {@link #QUEUE_PATTERN}, inclusive. */
  public static final WorkloadOption<Integer> QUEUE_PATTERN_TO =
      declare("queue-pattern-to", PARSE_WHOLE_NUMBER)
          .names("-qpt", "--queue-pattern-to")
          .help("Last number for --queue-pattern.")
          .add();

  /** Message body size in bytes ({@link SizeSyntax}). */
  public static final WorkloadOption<Integer> SIZE =
      declare("size", text -> toInt(text, SizeSyntax.parse(text)))
          .sets(Workload.Builder::messageBytes)
          .names("-s", "--size", "--body-size")
          .defaultText("12")
          .help("Message body size in bytes: 12, 1k (1000), 4kB, 64KiB (65536), 1MiB.")
          .add();

  /** Total target rate in msg/s over all producers ({@link RateSyntax}). */
  public static final WorkloadOption<Double> RATE =
      declare("rate", PARSE_RATE)
          .names("-r", "--rate")
          .defaultText(RateSyntax.UNLIMITED)
          .help("Total target send rate in msg/s (10k allowed), or 'unlimited'.")
          .add();

  /** A rate sweep: comma-separated total rates, one per step ({@code 1000,2000,4k}). */
  public static final WorkloadOption<List<Double>> RATE_STEPS =
      declare("rate-steps", text -> list(text, PARSE_RATE))
          .form(Form.LIST)
          .help("A rate sweep: total rates in msg/s, one per step, e.g. 1000,2000,4k.")
          .add();

  /** Length of each step of {@link #RATE_STEPS}. */
  public static final WorkloadOption<Duration> STEP_DURATION =
      declare("step-duration", PARSE_DURATION)
          .defaultText("10s")
          .help("Length of each --rate-steps step.")
          .add();

  /** How long to send after the warm-up; without it, see {@link Workload.Builder#duration}. */
  public static final WorkloadOption<Duration> DURATION =
      declare("duration", PARSE_DURATION)
          .sets(Workload.Builder::duration)
          .names("-z", "--time", "--duration")
          .defaultText("10s")
          .help("How long to send after the warm-up: 30 (seconds), 500ms, 1.5s, 2m, 1h, PT30S.")
          .shownDefault("10s, or until the message count, or the --rate-steps' length")
          .add();

  /** Messages per producer (PerfTest's {@code --pmessages}). */
  public static final WorkloadOption<Long> PMESSAGES =
      declare("pmessages", PARSE_COUNT)
          .sets(Workload.Builder::messagesPerProducer)
          .names("-C", "--pmessages")
          .help("Messages per producer, then stop (10k, 1m allowed).")
          .add();

  /** Messages in total over all producers (quiver's {@code --count}). */
  public static final WorkloadOption<Long> COUNT =
      declare("count", PARSE_COUNT)
          .help("Messages in total over all producers (quiver's --count; 10k, 1m allowed).")
          .add();

  /** Messages per consumer (PerfTest's {@code --cmessages}). */
  public static final WorkloadOption<Long> CMESSAGES =
      declare("cmessages", PARSE_COUNT)
          .sets(Workload.Builder::messagesPerConsumer)
          .names("-D", "--cmessages")
          .help("Messages per consumer, then stop.")
          .add();

  /**
   * Time at the start excluded from the totals; its default applies only to a run that sends for
   * {@link Workload#DEFAULT_WARMUP_FROM} or longer, shorter ones and those ending on a count have
   * none.
   */
  public static final WorkloadOption<Duration> WARMUP =
      declare("warmup", PARSE_DURATION)
          .sets(Workload.Builder::warmup)
          .defaultText("1s")
          .help("Time at the start excluded from the totals.")
          .shownDefault("1s for a run sending 10 s or more, else 0")
          .add();

  /** Most unconfirmed messages per producer; 0 for no confirms (PerfTest's {@code --confirm}). */
  public static final WorkloadOption<Integer> IN_FLIGHT =
      declare("in-flight", PARSE_WHOLE_NUMBER)
          .sets(Workload.Builder::inFlightWindow)
          .names("-c", "--confirm", "--in-flight")
          .defaultText("0")
          .help("Most unconfirmed messages per producer; 0 = no confirms.")
          .add();

  /** Consumer prefetch or link credit; 0 for the driver's default. */
  public static final WorkloadOption<Integer> PREFETCH =
      declare("prefetch", PARSE_WHOLE_NUMBER)
          .sets(Workload.Builder::prefetch)
          .names("-q", "--qos", "--credit", "--prefetch")
          .defaultText("0")
          .help("Consumer prefetch (AMQP 0.9.1 qos, AMQP 1.0 credit); 0 = driver default.")
          .add();

  /** Consumers do not acknowledge. */
  public static final WorkloadOption<Boolean> AUTOACK =
      declare("autoack", PARSE_BOOLEAN)
          .names("-a", "--autoack")
          .form(Form.SWITCH)
          .defaultText("false")
          .help("Consumers do not acknowledge (auto-ack, pre-settled).")
          .shownDefault(null)
          .add();

  /** Acknowledge every N deliveries with {@code multiple}; 0 to acknowledge each. */
  public static final WorkloadOption<Integer> MULTI_ACK_EVERY =
      declare("multi-ack-every", PARSE_WHOLE_NUMBER)
          .names("-A", "--multi-ack-every")
          .defaultText("0")
          .help("Acknowledge once every N deliveries with 'multiple'.")
          .shownDefault("each")
          .add();

  /**
   * Message flags, comma-separated: {@code persistent}, and driver flags such as {@code mandatory}
   * that the workload passes on ({@link WorkloadSpec#driverFlags()}).
   */
  public static final WorkloadOption<List<String>> FLAG =
      declare("flag", text -> list(text, PARSE_TRIMMED))
          .names("-f", "--flag")
          .form(Form.LIST)
          .help("Message flags: persistent, and driver flags such as mandatory. Repeatable.")
          .add();

  /** Persistent messages (quiver's {@code --durable}). */
  public static final WorkloadOption<Boolean> DURABLE =
      declare("durable", PARSE_BOOLEAN)
          .form(Form.SWITCH)
          .defaultText("false")
          .help("Persistent messages (quiver's --durable).")
          .shownDefault(null)
          .add();

  /** What producers do with overdue sends: {@code burst} or {@code skip}. */
  public static final WorkloadOption<CatchUpPolicy> CATCH_UP =
      declare("catch-up", WorkloadOption::catchUpPolicy)
          .sets(Workload.Builder::catchUp)
          .defaultText("burst")
          .help(
              "After a stall: burst (send overdue messages at once) or skip (count them as"
                  + " skipped).")
          .add();

  /**
   * What producers and consumers do when their connection is lost: {@code fail} or {@code
   * reconnect}.
   */
  public static final WorkloadOption<ConnectionLossPolicy> ON_CONNECTION_LOSS =
      declare("on-connection-loss", WorkloadOption::connectionLossPolicy)
          .sets(Workload.Builder::connectionLoss)
          .defaultText("fail")
          .help(
              "When a connection is lost: fail (the run fails) or reconnect (with backoff until"
                  + " the run ends; the outage is counted and shows as latency).")
          .add();

  /** Reporting interval. */
  public static final WorkloadOption<Duration> INTERVAL =
      declare("interval", PARSE_DURATION)
          .sets(Workload.Builder::reportInterval)
          .names("-i", "--interval")
          .defaultText("1s")
          .help("Reporting interval.")
          .add();

  /**
   * Longest wait without a message arriving after producers stop; the drain goes on while messages
   * keep arriving.
   */
  public static final WorkloadOption<Duration> DRAIN_TIMEOUT =
      declare("drain-timeout", PARSE_DURATION)
          .sets(Workload.Builder::drainTimeout)
          .defaultText("10s")
          .help(
              "After producers stop, the longest wait without a message arriving; the drain goes"
                  + " on while messages keep arriving.")
          .add();

  /** Fail the run after this long without progress (quiver's {@code --timeout}); 0 for never. */
  public static final WorkloadOption<Duration> TIMEOUT =
      declare("timeout", PARSE_DURATION)
          .sets(Workload.Builder::progressTimeout)
          .defaultText("0s")
          .help(
              "Fail the run after this long without any message sent, confirmed or received"
                  + " (quiver's --timeout); 0 = never.")
          .add();

  /**
   * Messages to queue before consumers start: a count ({@code 500k}) or a size ({@code 512MiB},
   * divided into messages of the run's size); 0 for none.
   */
  public static final WorkloadOption<String> BACKLOG =
      declare("backlog", WorkloadOption::backlogText)
          .paramLabel("N|SIZE")
          .defaultText("0")
          .help(
              "Build a backlog first: consumers start once this many messages (500k) or bytes"
                  + " (512MiB) are queued, then drain it; the result gets fill and drain rates,"
                  + " the time to drain and the messages' age while draining.")
          .shownDefault("none")
          .add();

  /**
   * What producers do once the backlog is built: {@code continue} at their rate, or {@code stop}.
   */
  public static final WorkloadOption<String> BACKLOG_PRODUCERS =
      declare("backlog-producers", WorkloadOption::backlogProducers)
          .paramLabel("continue|stop")
          .defaultText("continue")
          .help("Once the backlog is built, producers go on at their rate or stop.")
          .add();

  /**
   * Request-reply: producers send requests and wait for replies (at most the in-flight window
   * outstanding each, {@value RequestReply#DEFAULT_OUTSTANDING} when none is set); consumers reply.
   */
  public static final WorkloadOption<Boolean> REQUEST_REPLY =
      declare("request-reply", PARSE_BOOLEAN)
          .form(Form.OPTIONAL_SWITCH)
          .defaultText("false")
          .help(
              "Request-reply: producers send requests with a reply address and a correlation id,"
                  + " consumers reply to each; the round trip (rtt) is measured from the"
                  + " request's intended and actual send. At most -c requests await a reply per"
                  + " requester ("
                  + RequestReply.DEFAULT_OUTSTANDING
                  + " without -c).")
          .shownDefault(null)
          .add();

  /** How long a requester waits for a reply before counting the request as timed out. */
  public static final WorkloadOption<Duration> REPLY_TIMEOUT =
      declare("reply-timeout", PARSE_DURATION)
          .defaultText("5s")
          .help("A request without a reply after this long is counted as timed out.")
          .add();

  /** Each request's processing time on the replier before it replies. */
  public static final WorkloadOption<Duration> REPLIER_DELAY =
      declare("replier-delay", PARSE_DURATION)
          .defaultText("0s")
          .help("Each request's processing time on its replier before it replies.")
          .add();

  /** Idle connections opened before the run and held for its duration. */
  public static final WorkloadOption<Integer> CONNECTIONS =
      declare("connections", PARSE_WHOLE_NUMBER)
          .paramLabel("N")
          .defaultText("0")
          .help(
              "Idle connections to open before the run, hold for its duration (answering"
                  + " heartbeats) and close: the opening rate, open latency (connect,"
                  + " connect_start), failures by cause, client and broker memory per connection"
                  + " are reported. Use with -x 0 -y 0 for connections alone. Each is an open"
                  + " file: see 'ulimit -n'.")
          .shownDefault(null)
          .add();

  /** Channels (AMQP 0.9.1) or sessions (AMQP 1.0) on each idle connection. */
  public static final WorkloadOption<Integer> CONNECTION_CHANNELS =
      declare("connection-channels", PARSE_WHOLE_NUMBER)
          .names("--connection-channels", "--connection-sessions")
          .paramLabel("M")
          .defaultText("1")
          .help("Channels (AMQP 0.9.1) or sessions (AMQP 1.0) on each idle connection.")
          .add();

  /** Idle connections opened per second ({@link RateSyntax}). */
  public static final WorkloadOption<Double> CONNECTION_RATE =
      declare("connection-rate", PARSE_RATE)
          .paramLabel("R")
          .defaultText(RateSyntax.UNLIMITED)
          .help("Idle connections opened per second, " + Connections.OPENERS + " at a time.")
          .add();

  /**
   * Messages per second each held idle connection sends ({@link RateSyntax}, fractions allowed: 0.1
   * is one every 10 s); 0 leaves them idle.
   */
  public static final WorkloadOption<Double> CONNECTION_SEND_RATE =
      declare("connection-send-rate", PARSE_RATE)
          .paramLabel("R")
          .defaultText("0")
          .help(
              "Messages per second each idle connection sends while held (0.1: one every 10 s),"
                  + " to the first queue, measured like any producer's.")
          .shownDefault("0 (idle)")
          .add();

  private final String name;
  private final List<String> aliases;
  private final List<String> commandLineNames;
  private final Form form;
  private final String paramLabel;
  private final Function<String, T> syntax;
  private final String defaultText;
  private final T defaultValue;
  private final String help;
  private final String shownDefault;
  private final BiConsumer<Workload.Builder, T> setter;

  private WorkloadOption(Declaration<T> d) {
    this.name = d.name;
    this.commandLineNames = d.names == null ? List.of("--" + d.name) : d.names;
    if (!commandLineNames.contains("--" + name)) {
      throw new IllegalStateException(name + ": its names must include --" + name);
    }
    this.aliases =
        commandLineNames.stream()
            .filter(n -> n.startsWith("--") && !n.equals("--" + name))
            .map(n -> n.substring(2))
            .toList();
    this.form = d.form;
    this.paramLabel = d.paramLabel;
    this.syntax = d.syntax;
    this.defaultText = d.defaultText;
    this.defaultValue = defaultText == null ? null : syntax.apply(defaultText);
    this.help = d.help;
    this.shownDefault = d.shownDefaultSet ? d.shownDefault : defaultText;
    this.setter = d.setter;
  }

  private static <T> Declaration<T> declare(String name, Function<String, T> syntax) {
    return new Declaration<>(name, syntax);
  }

  /** Every workload option, in the order of the command line's help. */
  public static List<WorkloadOption<?>> all() {
    return Collections.unmodifiableList(ALL);
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

  /**
   * Other long names the option answers to, without dashes, such as quiver's {@code body-size} for
   * {@code size}.
   */
  public List<String> aliases() {
    return aliases;
  }

  /**
   * Every name on a command line, with dashes, in the order the help shows them: PerfTest's short
   * name first where it has one ({@code -s, --size, --body-size}).
   */
  public List<String> commandLineNames() {
    return commandLineNames;
  }

  /** How the option is written on a command line. */
  public Form form() {
    return form;
  }

  /** What the help shows for the option's value, such as {@code N|SIZE}; null for its name. */
  public String paramLabel() {
    return paramLabel;
  }

  /** One or a few sentences saying what the option does, without its default. */
  public String help() {
    return help;
  }

  /**
   * The default as the help says it ({@code 1s for a run sending 10 s or more, else 0}), or null
   * when the help names none.
   */
  public String shownDefault() {
    return shownDefault;
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

  /**
   * Gives {@code value} to the workload's field this option sets, when it is one field of the
   * workload (its builder's default is this option's); nothing for an option {@link
   * WorkloadSpec#toWorkload()} combines with others.
   */
  void setOn(Workload.Builder builder, T value) {
    if (setter != null) {
      setter.accept(builder, value);
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

  /** An option being declared; {@link #add()} makes it and adds it to the catalogue. */
  private static final class Declaration<T> {
    private final String name;
    private final Function<String, T> syntax;
    private List<String> names;
    private Form form = Form.VALUE;
    private String paramLabel;
    private String defaultText;
    private String help;
    private String shownDefault;
    private boolean shownDefaultSet;
    private BiConsumer<Workload.Builder, T> setter;

    private Declaration(String name, Function<String, T> syntax) {
      this.name = name;
      this.syntax = syntax;
    }

    /** The command line's names, with dashes, in the help's order; {@code --name} among them. */
    Declaration<T> names(String... commandLineNames) {
      this.names = List.of(commandLineNames);
      return this;
    }

    Declaration<T> form(Form form) {
      this.form = form;
      return this;
    }

    Declaration<T> paramLabel(String label) {
      this.paramLabel = label;
      return this;
    }

    Declaration<T> defaultText(String text) {
      this.defaultText = text;
      return this;
    }

    Declaration<T> help(String text) {
      this.help = text;
      return this;
    }

    /** The default as the help words it, when not its text; null to show none. */
    Declaration<T> shownDefault(String text) {
      this.shownDefault = text;
      this.shownDefaultSet = true;
      return this;
    }

    /**
     * The {@link Workload.Builder} method a set value goes to, for an option that is one field of
     * the workload; {@link WorkloadSpec#toWorkload()} combines the others.
     */
    Declaration<T> sets(BiConsumer<Workload.Builder, T> builderField) {
      this.setter = builderField;
      return this;
    }

    WorkloadOption<T> add() {
      WorkloadOption<T> option = new WorkloadOption<>(this);
      ALL.add(option);
      return option;
    }
  }
}
