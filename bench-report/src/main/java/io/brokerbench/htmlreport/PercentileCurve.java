package io.brokerbench.htmlreport;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The percentile distribution of a latency histogram as HdrHistogram plots it: latency against
 * {@code 1/(1-p)} on a log axis, so that 90%, 99%, 99.9%… are evenly spaced and the tail gets as
 * much room as the median.
 *
 * <p>Implementation notes: the points are those of HdrHistogram's percentile iterator with {@value
 * #TICKS_PER_HALF_DISTANCE} ticks per halving of the distance to 100% (what {@code
 * outputPercentileDistribution} prints). Its last point is the maximum at 100%, where {@code
 * 1/(1-p)} is infinite; it is placed at {@code x = count}, the percentile of the largest value when
 * each of {@code count} values owns {@code 1/count} of the distribution (or at the previous point's
 * x when the iterator's last ticks already went past it), so the curve ends at the maximum without
 * an infinite coordinate.
 */
final class PercentileCurve {
  static final int TICKS_PER_HALF_DISTANCE = 5;

  private PercentileCurve() {}

  /**
   * One point of the curve.
   *
   * @param percentile the percentile, 0 to 100
   * @param inverseTail {@code 1/(1-percentile/100)}: the x coordinate on the log axis
   * @param millis the latency at that percentile, milliseconds
   */
  record Point(double percentile, double inverseTail, double millis) {}

  /** The curve of a histogram of nanosecond values; empty when the histogram is. */
  static List<Point> of(Histogram nanos) {
    List<Point> points = new ArrayList<>();
    long count = nanos.getTotalCount();
    if (count == 0) {
      return points;
    }
    for (HistogramIterationValue v : nanos.percentiles(TICKS_PER_HALF_DISTANCE)) {
      double percentile = v.getPercentileLevelIteratedTo();
      double tail = 1 - percentile / 100;
      double inverseTail = tail <= 0 ? Math.max(count, lastX(points)) : 1 / tail;
      double millis = v.getValueIteratedTo() / 1e6;
      points.add(new Point(percentile, inverseTail, millis));
      if (tail <= 0) {
        break;
      }
    }
    return points;
  }

  private static double lastX(List<Point> points) {
    return points.isEmpty() ? 1 : points.get(points.size() - 1).inverseTail();
  }
}
