package io.brokerbench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * The committed cost baseline of a whole loopback run ({@value #FILE}), checked by {@link
 * RunCostIT}: the bytes a minimal run allocates and the threads it starts, and the bytes each more
 * message allocates. Allocation and thread counts, unlike CPU time, barely move from run to run, so
 * a drift in them can fail the build with the number that moved.
 */
final class RunCostBaseline {
  /** The baseline's resource name, under {@code src/test/resources}. */
  static final String FILE = "run-cost-baseline.properties";

  /** What one measurement found. */
  record Cost(long startupBytes, int threads, double bytesPerMessage) {}

  private final Properties properties;

  private RunCostBaseline(Properties properties) {
    this.properties = properties;
  }

  /** The baseline on the test class path. */
  static RunCostBaseline load() throws IOException {
    try (InputStream in = RunCostBaseline.class.getResourceAsStream("/" + FILE)) {
      if (in == null) {
        throw new IOException(FILE + " is not on the test class path");
      }
      Properties properties = new Properties();
      properties.load(in);
      return new RunCostBaseline(properties);
    }
  }

  /** A baseline from the text of a properties file. */
  static RunCostBaseline parse(String text) {
    Properties properties = new Properties();
    try {
      properties.load(new StringReader(text));
    } catch (IOException e) {
      throw new IllegalArgumentException(e);
    }
    return new RunCostBaseline(properties);
  }

  private double number(String key) {
    String value = properties.getProperty(key);
    if (value == null) {
      throw new IllegalStateException(FILE + " has no " + key);
    }
    return Double.parseDouble(value);
  }

  /** What went above its baseline and by how much, one line each; empty when nothing did. */
  List<String> regressions(Cost cost) {
    List<String> regressions = new ArrayList<>();
    double startup = number("startup.bytes");
    double startupLimit = startup * (1 + number("startup.tolerance.percent") / 100);
    if (cost.startupBytes() > startupLimit) {
      regressions.add(
          String.format(
              Locale.ROOT,
              "run loopback -C 1 allocated %.1f MB, above its baseline %.1f MB + %.0f%%: start-up"
                  + " allocates more (a library loaded, a table built) than it did",
              cost.startupBytes() / 1e6,
              startup / 1e6,
              number("startup.tolerance.percent")));
    }
    double threads = number("threads");
    double threadsLimit = threads + number("threads.tolerance");
    if (cost.threads() > threadsLimit) {
      regressions.add(
          String.format(
              Locale.ROOT,
              "run loopback -C 1 started %d threads, above its baseline %.0f + %.0f",
              cost.threads(),
              threads,
              number("threads.tolerance")));
    }
    double perMessage = number("message.bytes");
    double perMessageLimit = perMessage + number("message.tolerance.bytes");
    if (cost.bytesPerMessage() > perMessageLimit) {
      regressions.add(
          String.format(
              Locale.ROOT,
              "run loopback allocated %.1f B per message, above its baseline %.1f B + %.1f B:"
                  + " something on the send or receive path allocates per message again",
              cost.bytesPerMessage(),
              perMessage,
              number("message.tolerance.bytes")));
    }
    return regressions;
  }

  /** The text of a baseline file holding {@code cost}, with these tolerances. */
  static String text(Cost cost) {
    return String.format(
        Locale.ROOT,
        "# What a whole loopback run costs, checked by RunCostIT (JFR allocation samples, thread"
            + " starts).%n# Written by it with -Dbrokerbench.runcost.record=true. JDK 17.%n"
            + "startup.bytes=%d%nstartup.tolerance.percent=10%n"
            + "threads=%d%nthreads.tolerance=2%n"
            + "message.bytes=%.2f%nmessage.tolerance.bytes=2%n",
        cost.startupBytes(),
        cost.threads(),
        cost.bytesPerMessage());
  }
}
