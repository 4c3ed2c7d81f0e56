package io.brokerbench.spi;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * One driver option declared once: its names, help text, default and the parser that checks its
 * value. The help a command line shows ({@link #help()}) and the value a driver reads ({@link
 * #from(Map)}) come from the same declaration, so they cannot drift apart.
 *
 * <pre>{@code
 * static final DeclaredOption<Duration> CONNECT_TIMEOUT =
 *     DeclaredOption.millis("connect-timeout-ms", "longest wait for a connection", 10_000, 1, 600_000);
 * static final DeclaredOption<SendMode> SEND_MODE =
 *     DeclaredOption.choice("send-mode", "how producers send", SendMode.class, SendMode.ASYNC);
 *
 * Duration timeout = CONNECT_TIMEOUT.from(options); // the default when absent
 * SendMode mode = SEND_MODE.from(Map.of("send-mode", "bogus"));
 * // OptionException: send-mode must be async, sync or oneway (got 'bogus')
 * }</pre>
 *
 * <p>Absent and blank values give the default. Boolean options may be given without a value,
 * meaning {@code true}. Every rejected value throws an {@link OptionException} worded alike: the
 * option's name, what it accepts and the value given (unless the option is secret).
 *
 * @param <T> the type of the option's value
 */
public final class DeclaredOption<T> {
  private final DriverOption help;
  private final T defaultValue;
  private final OptionParser<T> parser;
  private final String accepted;
  private final Function<String, String> shown;

  private DeclaredOption(
      DriverOption help,
      T defaultValue,
      OptionParser<T> parser,
      String accepted,
      Function<String, String> shown) {
    this.help = help;
    this.defaultValue = defaultValue;
    this.parser = Objects.requireNonNull(parser, "parser");
    this.accepted = Objects.requireNonNull(accepted, "accepted");
    this.shown = Objects.requireNonNull(shown, "shown");
  }

  /**
   * An option taking a value read by {@code parser}, with no default.
   *
   * @param accepted what the option accepts, as an error message completes "NAME must be ..."
   */
  public static <T> DeclaredOption<T> of(
      String name, String description, OptionParser<T> parser, String accepted) {
    return new DeclaredOption<>(
        new DriverOption(name, List.of(), description, null, false, false, false),
        null,
        parser,
        accepted,
        Function.identity());
  }

  /** An option taking any text, with no default. */
  public static DeclaredOption<String> text(String name, String description) {
    return of(name, description, text -> text, "text");
  }

  /**
   * A boolean given without a value ({@code true}) or as {@code true} or {@code false}; false when
   * absent.
   */
  public static DeclaredOption<Boolean> flag(String name, String description) {
    return bool(name, description, false);
  }

  /** A boolean like {@link #flag}, with the given default. */
  public static DeclaredOption<Boolean> bool(String name, String description, boolean value) {
    return new DeclaredOption<>(
        new DriverOption(name, List.of(), description, value ? "true" : null, true, false, false),
        value,
        DeclaredOption::parseBoolean,
        "true or false",
        Function.identity());
  }

  /** A whole number within {@code [min, max]}. */
  public static DeclaredOption<Long> wholeNumber(
      String name, String description, long defaultValue, long min, long max) {
    return of(name, description, text -> parseLong(text, min, max), range(min, max))
        .withDefault(defaultValue);
  }

  /** A whole number within {@code [min, max]}, as an int. */
  public static DeclaredOption<Integer> integer(
      String name, String description, int defaultValue, int min, int max) {
    return of(name, description, text -> (int) parseLong(text, min, max), range(min, max))
        .withDefault(defaultValue);
  }

  /** A duration given in whole milliseconds within {@code [minMillis, maxMillis]}. */
  public static DeclaredOption<Duration> millis(
      String name, String description, long defaultMillis, long minMillis, long maxMillis) {
    return of(
            name,
            description,
            text -> Duration.ofMillis(parseLong(text, minMillis, maxMillis)),
            range(minMillis, maxMillis) + " (milliseconds)")
        .withDefault(Duration.ofMillis(defaultMillis), Long.toString(defaultMillis));
  }

  /**
   * One of an enum's constants, written in lower case with {@code -} for {@code _} (such as {@code
   * lite-pull}); case does not matter.
   */
  public static <E extends Enum<E>> DeclaredOption<E> choice(
      String name, String description, Class<E> type, E defaultValue) {
    List<String> names = new ArrayList<>();
    for (E constant : type.getEnumConstants()) {
      names.add(choiceName(constant));
    }
    OptionParser<E> parser =
        text -> {
          for (E constant : type.getEnumConstants()) {
            if (choiceName(constant).equalsIgnoreCase(text.replace('_', '-'))) {
              return constant;
            }
          }
          throw new IllegalArgumentException();
        };
    return of(name, description, parser, oneOf(names))
        .withDefault(defaultValue, defaultValue == null ? null : choiceName(defaultValue));
  }

  /** How {@link #choice} writes an enum constant. */
  public static String choiceName(Enum<?> constant) {
    return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** {@code a, b or c}, for the accepted values of an error message. */
  public static String oneOf(List<String> values) {
    if (values.size() == 1) {
      return values.get(0);
    }
    return String.join(", ", values.subList(0, values.size() - 1))
        + " or "
        + values.get(values.size() - 1);
  }

  /** A copy with this default, shown in the help as {@code String.valueOf(value)}. */
  public DeclaredOption<T> withDefault(T value) {
    return withDefault(value, value == null ? null : String.valueOf(value));
  }

  /** A copy with this default, shown in the help as {@code text} (null: not shown). */
  public DeclaredOption<T> withDefault(T value, String text) {
    return new DeclaredOption<>(
        new DriverOption(
            help.name(),
            help.aliases(),
            help.description(),
            text,
            help.flag(),
            help.secret(),
            help.positional()),
        value,
        parser,
        accepted,
        shown);
  }

  /** A copy with other names, with their dashes (such as {@code -h}). */
  public DeclaredOption<T> withAliases(String... names) {
    return new DeclaredOption<>(help.withAliases(names), defaultValue, parser, accepted, shown);
  }

  /** A copy whose value never appears in help or messages (passwords, secret keys). */
  public DeclaredOption<T> asSecret() {
    return new DeclaredOption<>(help.asSecret(), defaultValue, parser, accepted, text -> "****");
  }

  /** A copy that a command line also takes without its name, right after the driver's. */
  public DeclaredOption<T> asPositional() {
    return new DeclaredOption<>(help.asPositional(), defaultValue, parser, accepted, shown);
  }

  /**
   * A copy that shows a rejected value through {@code mask} in messages (such as a URL with its
   * password replaced).
   */
  public DeclaredOption<T> shownAs(Function<String, String> mask) {
    return new DeclaredOption<>(help, defaultValue, parser, accepted, mask);
  }

  /** The long name, without dashes. */
  public String name() {
    return help.name();
  }

  /** The default value, or null when there is none. */
  public T defaultValue() {
    return defaultValue;
  }

  /** The option as a command line documents it. */
  public DriverOption help() {
    return help;
  }

  /** True when {@code options} holds a value for this option, even a blank one. */
  public boolean isGiven(Map<String, String> options) {
    return options.containsKey(help.name());
  }

  /**
   * The value given in {@code options}, or the default when it is absent or blank.
   *
   * @throws OptionException when the value is not accepted
   */
  public T from(Map<String, String> options) {
    return from(options, defaultValue);
  }

  /**
   * The value given in {@code options}, or {@code fallback} when it is absent or blank (for a
   * default that depends on other options, such as a port on TLS).
   *
   * @throws OptionException when the value is not accepted
   */
  public T from(Map<String, String> options, T fallback) {
    String value = options.get(help.name());
    if (value == null) {
      return fallback;
    }
    String text = value.trim();
    if (text.isEmpty()) {
      return help.flag() ? parser.parse("true") : fallback;
    }
    try {
      return parser.parse(text);
    } catch (IllegalArgumentException e) {
      throw rejected(value, e.getMessage());
    }
  }

  /**
   * The exception for a value this option does not accept.
   *
   * @param reason a few words saying why, or null
   */
  public OptionException rejected(String value, String reason) {
    return new OptionException(
        help.name()
            + " must be "
            + accepted
            + (reason == null ? "" : ": " + reason)
            + (help.secret() ? "" : " (got '" + shown.apply(value) + "')"));
  }

  private static Boolean parseBoolean(String text) {
    return switch (text.toLowerCase(Locale.ROOT)) {
      case "true" -> Boolean.TRUE;
      case "false" -> Boolean.FALSE;
      default -> throw new IllegalArgumentException();
    };
  }

  private static long parseLong(String text, long min, long max) {
    long parsed;
    try {
      parsed = Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException();
    }
    if (parsed < min || parsed > max) {
      throw new IllegalArgumentException();
    }
    return parsed;
  }

  private static String range(long min, long max) {
    if (max == Long.MAX_VALUE || max == Integer.MAX_VALUE) {
      return "a whole number from " + min + " up";
    }
    return "a whole number from " + min + " to " + max;
  }

  @Override
  public String toString() {
    return "--" + help.name();
  }
}
