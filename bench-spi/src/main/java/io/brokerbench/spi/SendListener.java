package io.brokerbench.spi;

/**
 * Receives the broker's answers for one producer's messages. Called on driver threads; methods must
 * not block. Implemented by the core; drivers only call it.
 */
public interface SendListener {

  /**
   * The broker settled a message, or every unsettled message up to it.
   *
   * @param sequence the message's {@link OutgoingMessage#sequence()}
   * @param multiple true when this settles every earlier message not yet settled too (AMQP 0.9.1
   *     {@code multiple} confirms)
   * @param outcome what the broker answered
   */
  void onConfirm(long sequence, boolean multiple, SendOutcome outcome);

  /**
   * The driver sends a message again after a failed attempt (a client-side retry, such as
   * RocketMQ's), counting it as one retry. Called on the thread making the new attempt, before the
   * message is handed to the client again; does not block. The message's final outcome still comes
   * through {@link #onConfirm} once, whatever the number of attempts. The default does nothing: a
   * listener that wraps another must pass the call on.
   *
   * @param sequence the message's {@link OutgoingMessage#sequence()}
   */
  default void onRetried(long sequence) {}

  /**
   * The broker returned a message as unroutable (AMQP 0.9.1 {@code mandatory}). It is still
   * confirmed separately.
   *
   * @param stamp the array holding the returned message's stamp; read during the call only
   * @param offset where the stamp starts
   */
  void onReturned(byte[] stamp, int offset);

  /**
   * The broker announced it stopped taking this producer's messages (flow control it says aloud,
   * such as AMQP 0.9.1's {@code connection.blocked} on a memory or disk alarm); sends may now wait
   * in the client or the socket. Called on any thread; does not block. The default does nothing: a
   * listener that wraps another must pass the call on.
   *
   * @param reason the broker's reason, such as {@code low on memory}
   */
  default void onBlocked(String reason) {}

  /** The broker takes this producer's messages again after {@link #onBlocked}. */
  default void onUnblocked() {}

  /** The producer failed and will send no more (connection or channel closed by the broker). */
  void onFailure(DriverException failure);
}
