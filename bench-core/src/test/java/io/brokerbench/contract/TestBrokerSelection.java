package io.brokerbench.contract;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * Picks the broker an adapter's integration tests use, in this order: the URI an environment
 * variable names, a broker already running on this machine, a broker in a container when a Docker
 * engine answers. The choice is made once, when a test first asks, and one line says which broker
 * serves the tests and why the ones before it did not, so that a CI log shows what the tests ran
 * against. Hold the selection in a static field: one choice, one line and at most one container per
 * test JVM.
 *
 * <pre>{@code
 * private static final TestBrokerSelection BROKER =
 *     TestBrokerSelection.builder("RabbitMQ")
 *         .environment("BROKERBENCH_AMQP_URI", System.getenv("BROKERBENCH_AMQP_URI"))
 *         .local("amqp://guest:guest@127.0.0.1:5672")
 *         .answers(uri -> canConnect(uri))
 *         .container(new RabbitMqContainerBroker())
 *         .masking(UriPasswords::mask)
 *         .build();
 *
 * String uri = BROKER.require(); // skips the test, or fails it in CI, when no broker answers
 * }</pre>
 *
 * <p>A URI in the environment is final: when it does not answer, the tests skip (fail in CI) rather
 * than quietly run against another broker. The container engine is asked only when the local broker
 * does not answer, so machines with a broker pay nothing for the fallback.
 */
public final class TestBrokerSelection {
  /** Where the tests' broker came from. */
  public enum Source {
    /** The URI the environment variable names. */
    ENVIRONMENT,
    /** The broker on this machine. */
    LOCAL,
    /** A container started for this test JVM. */
    CONTAINER,
    /** No broker answers. */
    NONE
  }

  /**
   * The broker chosen.
   *
   * @param source where it came from
   * @param uri the URI to connect to, or null when none answers
   * @param report the line that says which broker serves the tests and why the others do not,
   *     passwords masked
   * @param missing when none answers: the broker and where it was looked for, for {@link
   *     RequiredBroker}; else null
   */
  public record Choice(Source source, String uri, String report, String missing) {
    /** True when a broker answers. */
    public boolean found() {
      return source != Source.NONE;
    }
  }

  private final String name;
  private final String variable;
  private final String environmentUri;
  private final String localUri;
  private final String localHint;
  private final Predicate<String> answers;
  private final BrokerContainer container;
  private final UnaryOperator<String> mask;
  private final Consumer<String> reportSink;
  private final boolean inCi;
  private Choice choice;

  private TestBrokerSelection(Builder builder) {
    name = Objects.requireNonNull(builder.name, "name");
    variable = Objects.requireNonNull(builder.variable, "environment");
    environmentUri =
        builder.environmentUri == null || builder.environmentUri.isBlank()
            ? null
            : builder.environmentUri.trim();
    localUri = Objects.requireNonNull(builder.localUri, "local");
    localHint = builder.localHint;
    answers = Objects.requireNonNull(builder.answers, "answers");
    container = Objects.requireNonNull(builder.container, "container");
    mask = Objects.requireNonNull(builder.mask, "masking");
    reportSink = builder.reportSink;
    inCi = builder.inCi;
  }

  /**
   * Starts a selection.
   *
   * @param name the kind of broker, for the report: {@code RabbitMQ}, {@code AMQP 1.0 broker}
   */
  public static Builder builder(String name) {
    return new Builder(name);
  }

  /**
   * The broker chosen: selected on the first call (printing the report line), the same one after.
   */
  public synchronized Choice choice() {
    if (choice == null) {
      choice = select();
      reportSink.accept(choice.report());
    }
    return choice;
  }

  /** The URI of the broker chosen; skips the current test when none answers, or fails it in CI. */
  public String require() {
    Choice chosen = choice();
    RequiredBroker.require(chosen.found(), chosen.missing(), inCi);
    return chosen.uri();
  }

  private Choice select() {
    List<String> reasons = new ArrayList<>();
    if (environmentUri != null) {
      if (answers.test(environmentUri)) {
        return found(
            Source.ENVIRONMENT, environmentUri, variable + "=" + masked(environmentUri), reasons);
      }
      reasons.add(variable + " names " + masked(environmentUri) + ", which does not answer");
      return none(reasons);
    }
    reasons.add(variable + " not set");
    if (answers.test(localUri)) {
      return found(Source.LOCAL, localUri, "local " + masked(localUri), reasons);
    }
    reasons.add(
        "nothing answers at "
            + masked(localUri)
            + (localHint == null ? "" : " (" + localHint + ")"));
    String containerUri = startContainer(reasons);
    if (containerUri == null) {
      return none(reasons);
    }
    if (!answers.test(containerUri)) {
      reasons.add(
          "the "
              + container.image()
              + " container at "
              + masked(containerUri)
              + " does not answer");
      return none(reasons);
    }
    return found(
        Source.CONTAINER,
        containerUri,
        container.image() + " container at " + masked(containerUri),
        reasons);
  }

  /** The container's URI, or null with the reason added. */
  private String startContainer(List<String> reasons) {
    String noEngine = "no Docker engine for a " + container.image() + " container";
    try {
      if (!container.engineAvailable()) {
        reasons.add(noEngine);
        return null;
      }
    } catch (RuntimeException | LinkageError e) {
      // Testcontainers can throw instead of answering false when the engine answers oddly, and
      // its socket library can fail to load (JNA 5.5.0 has no Apple-silicon build).
      reasons.add(noEngine + ": " + oneLine(e));
      return null;
    }
    try {
      return container.start();
    } catch (Exception e) {
      reasons.add("the " + container.image() + " container did not start: " + oneLine(e));
      return null;
    }
  }

  private Choice found(Source source, String uri, String served, List<String> reasons) {
    String why = reasons.isEmpty() ? "" : " (" + String.join("; ", reasons) + ")";
    return new Choice(source, uri, "test broker for " + name + ": " + served + why, null);
  }

  private Choice none(List<String> reasons) {
    String why = String.join("; ", reasons);
    return new Choice(
        Source.NONE,
        null,
        "test broker for " + name + ": none (" + why + ")",
        name + " (" + why + ")");
  }

  /** The exception's type and the first line of its message: the report is one line. */
  private static String oneLine(Throwable e) {
    String message = String.valueOf(e.getMessage()).strip();
    int newline = message.indexOf('\n');
    return e.getClass().getSimpleName()
        + ": "
        + (newline < 0 ? message : message.substring(0, newline));
  }

  private String masked(String uri) {
    return mask.apply(uri);
  }

  /** Collects the selection's parts; every one but the hint, report and CI flag is required. */
  public static final class Builder {
    private final String name;
    private String variable;
    private String environmentUri;
    private String localUri;
    private String localHint;
    private Predicate<String> answers;
    private BrokerContainer container;
    private UnaryOperator<String> mask;
    private Consumer<String> reportSink = System.out::println;
    private boolean inCi = RequiredBroker.inCi();

    private Builder(String name) {
      this.name = name;
    }

    /**
     * The environment variable naming the broker, and its value.
     *
     * @param value the variable's value ({@code System.getenv(variable)}); null or blank when unset
     */
    public Builder environment(String variable, String value) {
      this.variable = variable;
      this.environmentUri = value;
      return this;
    }

    /** The URI of the broker on this machine. */
    public Builder local(String uri) {
      this.localUri = uri;
      return this;
    }

    /** What to do when the local broker does not answer, shown with that reason. */
    public Builder localHint(String hint) {
      this.localHint = hint;
      return this;
    }

    /**
     * The probe: true when a broker answers at the URI. Called on the test thread with the
     * environment's, the local and the container's URI in turn; it should give up within seconds.
     */
    public Builder answers(Predicate<String> probe) {
      this.answers = probe;
      return this;
    }

    /** The container to start when neither the environment's nor the local broker answers. */
    public Builder container(BrokerContainer container) {
      this.container = container;
      return this;
    }

    /** Replaces the password in a URI, for the report. */
    public Builder masking(UnaryOperator<String> mask) {
      this.mask = mask;
      return this;
    }

    /** Where the report line goes; standard output unless a test replaces it. */
    public Builder report(Consumer<String> sink) {
      this.reportSink = sink;
      return this;
    }

    /** True to fail rather than skip when no broker answers; {@link RequiredBroker#inCi()}. */
    public Builder inCi(boolean inCi) {
      this.inCi = inCi;
      return this;
    }

    /** The selection; nothing is probed until a test asks. */
    public TestBrokerSelection build() {
      return new TestBrokerSelection(this);
    }
  }
}
