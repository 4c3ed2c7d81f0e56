package io.brokerbench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The committed start-up baseline ({@value #FILE}): how many classes each command of {@link
 * StartupClassesIT} loaded, in all and by package, and how far above that a count may go. The JVM's
 * {@code -Xlog:class+load} log gives the counts; they are the same from run to run on one JDK,
 * unlike CPU time, so that a command that starts loading a library it does not use fails the build.
 */
final class StartupBaseline {
  /** The baseline's resource name, under {@code src/test/resources}. */
  static final String FILE = "startup-baseline.properties";

  private static final String TOLERANCE = "tolerance.percent";
  private static final int MOST_GROWN = 12;

  private final Properties properties;

  private StartupBaseline(Properties properties) {
    this.properties = properties;
  }

  /** The baseline on the test class path. */
  static StartupBaseline load() throws IOException {
    try (InputStream in = StartupBaseline.class.getResourceAsStream("/" + FILE)) {
      if (in == null) {
        throw new IOException(FILE + " is not on the test class path");
      }
      Properties properties = new Properties();
      properties.load(in);
      return new StartupBaseline(properties);
    }
  }

  /** A baseline from the text of a properties file. */
  static StartupBaseline parse(String text) {
    Properties properties = new Properties();
    try {
      properties.load(new StringReader(text));
    } catch (IOException e) {
      throw new IllegalArgumentException(e);
    }
    return new StartupBaseline(properties);
  }

  /** How far, in per cent, a count may be above its baseline. */
  int tolerancePercent() {
    return Integer.parseInt(properties.getProperty(TOLERANCE, "5"));
  }

  /** The classes the command loaded when the baseline was recorded, or -1 when it has none. */
  int classes(String command) {
    return Integer.parseInt(properties.getProperty(command + ".classes", "-1"));
  }

  /** The command's classes by package when the baseline was recorded. */
  Map<String, Integer> packages(String command) {
    String prefix = command + ".package.";
    Map<String, Integer> packages = new TreeMap<>();
    for (String key : properties.stringPropertyNames()) {
      if (key.startsWith(prefix)) {
        packages.put(key.substring(prefix.length()), Integer.parseInt(properties.getProperty(key)));
      }
    }
    return packages;
  }

  /**
   * The classes a {@code -Xlog:class+load} log says were loaded, counted by package: hidden classes
   * (lambdas, {@code LambdaForm}s) count in the package of their name.
   */
  static Map<String, Integer> packagesOfLog(List<String> lines) {
    Map<String, Integer> packages = new TreeMap<>();
    for (String line : lines) {
      int tag = line.indexOf("[class,load] ");
      int source = line.indexOf(" source: ");
      if (tag < 0 || source < 0) {
        continue;
      }
      String name = line.substring(tag + "[class,load] ".length(), source);
      int hidden = name.indexOf('/');
      if (hidden >= 0) {
        name = name.substring(0, hidden);
      }
      int dot = name.lastIndexOf('.');
      packages.merge(dot < 0 ? "(default)" : name.substring(0, dot), 1, Integer::sum);
    }
    return packages;
  }

  /** The sum of the counts. */
  static int total(Map<String, Integer> packages) {
    return packages.values().stream().mapToInt(Integer::intValue).sum();
  }

  /**
   * Why the command's count is a regression, or null when it is within the baseline and its
   * tolerance: the command, its count, the baseline, the limit and the packages that grew most.
   *
   * @param command the command's key in the baseline, such as {@code run-loopback}
   * @param args the command line, for the message
   * @param now the classes the command loaded, by package
   */
  String regression(String command, String args, Map<String, Integer> now) {
    int count = total(now);
    int baseline = classes(command);
    if (baseline < 0) {
      return "bench "
          + args
          + " loaded "
          + count
          + " classes and has no baseline: add "
          + command
          + ".classes to "
          + FILE
          + " (see docs/development.md, Start-up baseline)";
    }
    int limit = baseline + baseline * tolerancePercent() / 100;
    if (count <= limit) {
      return null;
    }
    return "bench "
        + args
        + " loaded "
        + count
        + " classes, more than its baseline of "
        + baseline
        + " + "
        + tolerancePercent()
        + "% ("
        + limit
        + "); packages that grew: "
        + String.join(", ", grown(packages(command), now))
        + ". Load what a command uses when it uses it; if the growth is wanted, record the"
        + " baseline again (see docs/development.md, Start-up baseline).";
  }

  /**
   * The packages with more classes now than in the baseline, most grown first: {@code p +n (a ->
   * b)}.
   */
  static List<String> grown(Map<String, Integer> before, Map<String, Integer> now) {
    List<Map.Entry<String, Integer>> growth = new ArrayList<>();
    for (Map.Entry<String, Integer> p : now.entrySet()) {
      int more = p.getValue() - before.getOrDefault(p.getKey(), 0);
      if (more > 0) {
        growth.add(Map.entry(p.getKey(), more));
      }
    }
    growth.sort(
        Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry::getKey));
    List<String> lines = new ArrayList<>();
    for (Map.Entry<String, Integer> g : growth.subList(0, Math.min(MOST_GROWN, growth.size()))) {
      String name = g.getKey();
      lines.add(
          name
              + " +"
              + g.getValue()
              + " ("
              + before.getOrDefault(name, 0)
              + " -> "
              + now.get(name)
              + ")");
    }
    if (growth.size() > MOST_GROWN) {
      lines.add((growth.size() - MOST_GROWN) + " more");
    }
    return lines;
  }

  /** The text of a baseline with these counts, by command then package, sorted. */
  static String text(Map<String, Map<String, Integer>> byCommand, int tolerancePercent) {
    StringBuilder text = new StringBuilder();
    text.append(
            "# Classes loaded by java -jar bench-cli.jar at start-up, checked by StartupClassesIT.\n")
        .append("# Written by it: see docs/development.md, Start-up baseline. JDK ")
        .append(Runtime.version().feature())
        .append(".\n")
        .append(TOLERANCE)
        .append('=')
        .append(tolerancePercent)
        .append('\n');
    for (Map.Entry<String, Map<String, Integer>> command : new TreeMap<>(byCommand).entrySet()) {
      String key = command.getKey();
      text.append('\n')
          .append(key)
          .append(".classes=")
          .append(total(command.getValue()))
          .append('\n');
      for (Map.Entry<String, Integer> p : command.getValue().entrySet()) {
        text.append(key)
            .append(".package.")
            .append(p.getKey())
            .append('=')
            .append(p.getValue())
            .append('\n');
      }
    }
    return text.toString();
  }
}
