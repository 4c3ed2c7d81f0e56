package io.brokerbench.workload;

import java.util.ArrayList;
import java.util.List;

/**
 * The queues or topics a workload uses: one name, or a pattern such as {@code perf-test-%d}
 * expanded over an inclusive range of numbers (PerfTest's {@code --queue-pattern}). Producer {@code
 * i} sends to destination {@code i % count} and consumer {@code j} receives from {@code j % count}
 * ({@link ShardLayout}).
 *
 * @param pattern a name, or a {@link String#format} pattern with one {@code %d}
 * @param from first number of the range (ignored for a single name)
 * @param to last number of the range, inclusive (ignored for a single name)
 */
public record Destinations(String pattern, int from, int to) {

  /** Validates the pattern and range. */
  public Destinations {
    if (pattern == null || pattern.isBlank()) {
      throw new WorkloadException("destination name must not be empty");
    }
    if (isPattern(pattern)) {
      if (from < 0 || to < from) {
        throw new WorkloadException(
            "destination pattern range must satisfy 0 <= from <= to (got from "
                + from
                + " to "
                + to
                + ")");
      }
    } else if (pattern.contains("%")) {
      throw new WorkloadException(
          "destination pattern '" + pattern + "' must contain exactly one %d");
    }
  }

  /** A single destination. */
  public static Destinations single(String name) {
    return new Destinations(name, 0, 0);
  }

  /** Destinations {@code String.format(pattern, n)} for n from {@code from} to {@code to}. */
  public static Destinations pattern(String pattern, int from, int to) {
    if (!isPattern(pattern)) {
      throw new WorkloadException(
          "destination pattern '" + pattern + "' must contain exactly one %d");
    }
    return new Destinations(pattern, from, to);
  }

  private static boolean isPattern(String pattern) {
    int first = pattern.indexOf("%d");
    return first >= 0
        && pattern.indexOf("%d", first + 1) < 0
        && pattern.replace("%d", "").indexOf('%') < 0;
  }

  /** The expanded names, in order. */
  public List<String> names() {
    if (!isPattern(pattern)) {
      return List.of(pattern);
    }
    List<String> names = new ArrayList<>(to - from + 1);
    for (int n = from; n <= to; n++) {
      names.add(String.format(pattern, n));
    }
    return List.copyOf(names);
  }

  /** How many destinations there are. */
  public int count() {
    return isPattern(pattern) ? to - from + 1 : 1;
  }
}
