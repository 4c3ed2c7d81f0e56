package io.brokerbench.junit;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.Drivers;
import io.brokerbench.compare.RepeatedRuns;
import io.brokerbench.htmlreport.HtmlReport;
import io.brokerbench.report.ConsoleReport;
import io.brokerbench.report.RunDirectory;
import io.brokerbench.result.RunResult;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.DriverProvider;
import io.brokerbench.workload.Workload;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Runs workloads for one test, against the broker the extension chose for each driver, and keeps
 * each run's files ({@code result.json}, {@code intervals.csv}, {@code latency.hlog} and {@code
 * report.html}) in the test's directory under {@code target/brokerbench}. Injected into test
 * methods by {@link BrokerbenchExtension}.
 *
 * <pre>{@code
 * @ExtendWith(BrokerbenchExtension.class)
 * class OrdersLoadTest {
 *   @Test
 *   void keepsUp(BenchmarkRunner bench) throws Exception {
 *     RunResult result = bench.run("amqp091", Workload.builder().rate(5_000).build());
 *     assertThat(result).hasNoLoss().latency(LatencyKind.END_TO_END).percentile(99)
 *         .isBelow(Duration.ofMillis(20));
 *   }
 * }
 * }</pre>
 */
public final class BenchmarkRunner {
  /** The HTML report each run leaves in its directory. */
  public static final String REPORT = "report.html";

  private final Path directory;
  private final Function<String, String> environment;
  private final Map<String, BrokerChoice> brokers = new HashMap<>();
  private final boolean embedded;
  private int runs;

  BenchmarkRunner(Path directory, Function<String, String> environment) {
    this(directory, environment, false);
  }

  private BenchmarkRunner(Path directory, Function<String, String> environment, boolean embedded) {
    this.directory = directory;
    this.environment = environment;
    this.embedded = embedded;
  }

  /**
   * A runner for the same test whose runs always use the driver's embedded broker (Qpid Broker-J
   * for the AMQP drivers), whatever broker the environment names or this machine runs.
   */
  public BenchmarkRunner embedded() {
    return new BenchmarkRunner(directory.resolve("embedded"), environment, true);
  }

  /** The directory this test's runs write into. */
  public Path directory() {
    return directory;
  }

  /** Runs the workload with the named driver against the broker chosen for it. */
  public RunResult run(String driver, Workload workload) throws DriverException {
    return run(driver, Map.of(), workload, builder -> {});
  }

  /**
   * Runs the workload with the named driver, options added to those that name the chosen broker (an
   * option naming another broker replaces the choice), and the builder adjusted by {@code more}
   * (thresholds, a clock, more sinks).
   */
  public RunResult run(
      String driver,
      Map<String, String> options,
      Workload workload,
      Consumer<BenchmarkRun.Builder> more)
      throws DriverException {
    BrokerChoice broker = choice(Drivers.find(driver));
    Map<String, String> all = new HashMap<>(broker.options());
    all.putAll(options);
    Path runDirectory = runs++ == 0 ? directory : directory.resolve("run-" + runs);
    try {
      Files.createDirectories(runDirectory);
      Files.writeString(
          runDirectory.resolve("broker.txt"), broker.description() + "\n", StandardCharsets.UTF_8);
      PrintWriter console = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
      BenchmarkRun.Builder builder =
          BenchmarkRun.builder(workload)
              .driver(driver, all)
              .sink(new ConsoleReport(console, false));
      RunDirectory.of(runDirectory).sinks().forEach(builder::sink);
      more.accept(builder);
      RunResult result = builder.build().run();
      ResultLocations.remember(result, runDirectory);
      HtmlReport.write(List.of(runDirectory), runDirectory.resolve(REPORT));
      return result;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the run's files in " + runDirectory, e);
    }
  }

  /**
   * Runs the workload {@code times} times, one after another, each keeping its files as {@link
   * #run} does, and gives each figure's median across the runs with its 95 % confidence interval (6
   * runs or more) and range: a bound on the median's interval is one the noise cannot flip.
   *
   * <pre>{@code
   * RepeatedRuns runs = bench.repeat(6, "amqp091", workload);
   * assertThat(runs.figure("e2e.p99").high()).isLessThan(20_000); // µs
   * }</pre>
   *
   * @throws IllegalArgumentException when {@code times} is below 1
   */
  public RepeatedRuns repeat(int times, String driver, Workload workload) throws DriverException {
    if (times < 1) {
      throw new IllegalArgumentException("times must be 1 or more (got " + times + ")");
    }
    List<RunResult> results = new ArrayList<>();
    for (int i = 0; i < times; i++) {
      results.add(run(driver, workload));
    }
    return RepeatedRuns.of(results);
  }

  /** The broker chosen for a driver: which one and why, passwords masked. */
  public String broker(String driver) {
    return choice(Drivers.find(driver)).description();
  }

  private BrokerChoice choice(DriverProvider driver) {
    return brokers.computeIfAbsent(
        driver.name(),
        n ->
            embedded
                ? BrokerChoice.embedded(driver)
                : BrokerChoice.of(driver, environment, BrokerContainers.onThisMachine()));
  }
}
