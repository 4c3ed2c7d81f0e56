package io.brokerbench.spi;

/**
 * Sends messages to one destination. Each producer is used by one core thread at a time.
 *
 * <p>Example of the calling pattern:
 *
 * <pre>{@code
 * message.sequence(seq);            // stamp already written by the core
 * while (!producer.trySend(message)) {
 *   // no credit now: the core backs off and tries again
 * }
 * // later, on a driver thread: listener.onConfirm(seq, false, SendOutcome.ACCEPTED)
 * }</pre>
 */
public interface Producer extends AutoCloseable {

  /**
   * Hands one message to the client. Called on the producer's core thread.
   *
   * <p>Does not block waiting for the broker's confirmation; a driver whose client only has a
   * blocking send (a closed-loop mode) may block, and then calls the listener before returning.
   * Must not allocate per call beyond what the client library itself does.
   *
   * <p>The message may stay in a driver's buffer until the next {@link #flush()}.
   *
   * @return true when the message was handed to the client (it will be confirmed, failed or
   *     returned through the listener); false when the protocol gives no capacity now (no AMQP 1.0
   *     credit), in which case nothing was sent and the core retries the same message later
   * @throws DriverException when the producer can no longer send (connection lost); the run ends
   */
  boolean trySend(OutgoingMessage message) throws DriverException;

  /**
   * True when this producer may also send from inside its {@link SendListener#onConfirm} callback,
   * through {@link #trySendOnConfirm}. In a run without a rate limit, when the in-flight window is
   * full, the core then refills the window on the thread whose confirmation freed a slot instead of
   * waking the producer thread for each one: no thread hand-off, and the sends a burst of
   * confirmations frees leave together. The core still calls the producer from one thread at a
   * time. The default, false, keeps every send on the producer's core thread.
   */
  default boolean sendsOnConfirm() {
    return false;
  }

  /**
   * Like {@link #trySend}, but called on the driver's thread inside {@link SendListener#onConfirm},
   * only when {@link #sendsOnConfirm()} is true. Must not block: return false when the send cannot
   * be made on this thread now (no capacity, or the client would have to wait for something); the
   * core then hands the same message to the producer thread, which calls {@link #trySend} with it.
   *
   * @return true when the message was handed to the client
   * @throws DriverException when the producer can no longer send; the run ends
   */
  default boolean trySendOnConfirm(OutgoingMessage message) throws DriverException {
    return false;
  }

  /**
   * Writes out the sends this producer buffered. Called on the producer's core thread (or the
   * thread sending on confirm) whenever the core is about to wait (the in-flight window is full,
   * the next send is not due yet, no credit) and when its send loop ends, so a driver may leave a
   * burst of sends in one socket write instead of one write each. A driver that writes every send
   * at once keeps this default, which does nothing.
   *
   * @throws DriverException when the producer can no longer send (connection lost); the run ends
   */
  default void flush() throws DriverException {}

  /** Stops sending and releases the producer's resources. Idempotent. */
  @Override
  void close() throws DriverException;
}
