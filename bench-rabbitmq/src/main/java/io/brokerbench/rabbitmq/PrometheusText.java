package io.brokerbench.rabbitmq;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A page of the Prometheus text exposition format, read once for its metrics: the sum of each
 * metric's samples over all their labels, and a label's value. Enough for RabbitMQ's aggregated
 * endpoint, which gives one sample per metric and node (about 1,100 lines, read every interval).
 */
final class PrometheusText {
  private final Map<String, Double> sums = new HashMap<>();
  private final Map<String, String> firstLabels = new HashMap<>();

  PrometheusText(String text) {
    int start = 0;
    while (start < text.length()) {
      int end = text.indexOf('\n', start);
      if (end < 0) {
        end = text.length();
      }
      if (end > start && text.charAt(start) != '#') {
        sample(text, start, end);
      }
      start = end + 1;
    }
  }

  /** One sample line {@code name{labels} value [timestamp]}; a malformed one is left out. */
  private void sample(String text, int start, int end) {
    int brace = text.indexOf('{', start);
    int space = text.indexOf(' ', start);
    if (space < 0 || space >= end) {
      return;
    }
    int valueFrom;
    String name;
    if (brace >= 0 && brace < space) {
      int close = text.indexOf('}', brace);
      if (close < 0 || close >= end) {
        return;
      }
      name = text.substring(start, brace);
      firstLabels.putIfAbsent(name, text.substring(brace, close + 1));
      valueFrom = close + 1;
    } else {
      name = text.substring(start, space);
      valueFrom = space;
    }
    String[] fields = text.substring(valueFrom, end).trim().split(" ");
    try {
      sums.merge(name, Double.parseDouble(fields[0]), Double::sum);
    } catch (NumberFormatException e) {
      // Not a sample this reader needs to understand.
    }
  }

  /** The sum of every sample of {@code metric}, or -1 when the page has none. */
  long sum(String metric) {
    Double sum = sums.get(metric);
    return sum == null ? -1 : sum.longValue();
  }

  /** The value of {@code label} in the first sample of {@code metric} that has labels, or null. */
  String label(String metric, String label) {
    String labels = firstLabels.get(metric);
    if (labels == null) {
      return null;
    }
    Matcher m = Pattern.compile(label + "=\"([^\"]*)\"").matcher(labels);
    return m.find() ? m.group(1) : null;
  }
}
