package io.brokerbench.rabbitmq;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A page of the Prometheus text exposition format, read for a few metrics: the sum of a metric's
 * samples over all its labels, and a label's value. Enough for RabbitMQ's aggregated endpoint,
 * which gives one sample per metric and node.
 */
final class PrometheusText {
  private final String[] lines;

  PrometheusText(String text) {
    this.lines = text.split("\n");
  }

  /** The sum of every sample of {@code metric}, or -1 when the page has none. */
  long sum(String metric) {
    double sum = 0;
    boolean found = false;
    for (String line : lines) {
      if (line.startsWith(metric + " ") || line.startsWith(metric + "{")) {
        int labelsEnd = line.startsWith(metric + "{") ? line.indexOf('}') + 1 : metric.length();
        String[] fields = line.substring(labelsEnd).trim().split(" ");
        sum += Double.parseDouble(fields[0]);
        found = true;
      }
    }
    return found ? (long) sum : -1;
  }

  /** The value of {@code label} in the first sample of {@code metric} that has it, or null. */
  String label(String metric, String label) {
    Pattern pattern = Pattern.compile(label + "=\"([^\"]*)\"");
    for (String line : lines) {
      if (line.startsWith(metric + "{")) {
        Matcher m = pattern.matcher(line.substring(0, line.indexOf('}') + 1));
        if (m.find()) {
          return m.group(1);
        }
      }
    }
    return null;
  }
}
