package io.brokerbench.spi;

/**
 * The next message a producer sends. The core owns it and reuses one instance per producer: a
 * driver reads it inside {@link Producer#trySend} and must not keep a reference to it or to its
 * arrays after that call returns (copy the bytes if the client sends asynchronously from the
 * caller's array).
 *
 * <p>The body's first {@value #STAMP_BYTES} bytes are the stamp when {@link #stampInBody()} is
 * true; otherwise the body is too small and the driver must carry {@link #stamp()} in a header or
 * property of its protocol and give it back in {@link DeliveryListener#onDelivery}.
 */
public final class OutgoingMessage {
  /** Size of the stamp every message carries. */
  public static final int STAMP_BYTES = 12;

  private final byte[] body;
  private final byte[] stamp;
  private final boolean stampInBody;
  private long sequence;

  /**
   * A message with a body of the given size.
   *
   * @param bodyBytes body size; when below {@link #STAMP_BYTES} the stamp travels apart from it
   */
  public OutgoingMessage(int bodyBytes) {
    this.body = new byte[bodyBytes];
    this.stampInBody = bodyBytes >= STAMP_BYTES;
    this.stamp = stampInBody ? body : new byte[STAMP_BYTES];
  }

  /** The body bytes; always the full array (its length is the body size). */
  public byte[] body() {
    return body;
  }

  /** The array holding the stamp at offset 0: the body itself, or a separate array. */
  public byte[] stamp() {
    return stamp;
  }

  /** True when the stamp is the start of the body, false when it must travel in a header. */
  public boolean stampInBody() {
    return stampInBody;
  }

  /** The producer's sequence number of this message, starting at 0 and without gaps. */
  public long sequence() {
    return sequence;
  }

  /** Sets the sequence number; called by the core before each send. */
  public void sequence(long sequence) {
    this.sequence = sequence;
  }
}
