package io.brokerbench.latency;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * A histogram as text: HdrHistogram's compressed encoding in Base64, the form its interval logs use
 * ({@code HistogramLogWriter}). Results carry their histograms this way so that results of several
 * runs or processes can be added exactly, never by averaging percentiles.
 */
public final class HistogramCodec {
  private HistogramCodec() {}

  /** The histogram's compressed, Base64-encoded form. */
  public static String encode(Histogram histogram) {
    ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    int length = histogram.encodeIntoCompressedByteBuffer(buffer);
    return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
  }

  /**
   * The histogram {@link #encode} wrote.
   *
   * @throws IllegalArgumentException when the text is not an encoded histogram
   */
  public static Histogram decode(String text) {
    try {
      ByteBuffer buffer = ByteBuffer.wrap(Base64.getDecoder().decode(text));
      Histogram decoded = Histogram.decodeFromCompressedByteBuffer(buffer, 0);
      Histogram histogram = LatencyRecorder.newHistogram();
      histogram.add(decoded);
      return histogram;
    } catch (DataFormatException | RuntimeException e) {
      throw new IllegalArgumentException("not an encoded HdrHistogram: " + e.getMessage(), e);
    }
  }
}
