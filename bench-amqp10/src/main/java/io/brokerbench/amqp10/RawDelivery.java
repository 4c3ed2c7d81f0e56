package io.brokerbench.amqp10;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import org.apache.qpid.protonj2.client.Delivery;
import org.apache.qpid.protonj2.client.exceptions.ClientException;

/**
 * A delivery's encoded message read into a reused buffer and its stamp found by a {@link
 * StampReader}, without decoding a protonj2 message. One per receiving thread.
 */
final class RawDelivery {
  private final StampReader reader = new StampReader();
  private byte[] buffer = new byte[256];

  /**
   * Reads the delivery's message.
   *
   * @return true when it carries a stamp (brokerbench sent it)
   */
  boolean read(Delivery delivery) throws ClientException, IOException {
    // Read first: reading may replace the buffer with a larger one.
    int length = read(delivery.rawInputStream());
    return reader.read(buffer, length);
  }

  private int read(InputStream in) throws IOException {
    int available = in.available();
    if (available > buffer.length) {
      buffer = new byte[Math.max(available, buffer.length * 2)];
    }
    int length = 0;
    int n;
    while ((n = in.read(buffer, length, buffer.length - length)) > 0) {
      length += n;
      if (length == buffer.length) {
        buffer = Arrays.copyOf(buffer, buffer.length * 2);
      }
    }
    return length;
  }

  /** The array holding the last message read. */
  byte[] buffer() {
    return buffer;
  }

  /** Where the last message's stamp starts in {@link #buffer()}. */
  int stampOffset() {
    return reader.stampOffset();
  }

  /** True when the last message's header said it was delivered before. */
  boolean redelivered() {
    return reader.redelivered();
  }
}
