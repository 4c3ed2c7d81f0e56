package io.brokerbench.rocketmq;

import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;

/**
 * How a {@link RocketMqProducer} hands its messages to the client: one implementation per send mode
 * ({@link AsyncSendRing}, {@link SyncSend}, {@link OnewaySend}, {@link BatchSender}), chosen once
 * when the producer is made, so that no send asks which mode it is in. Called by one thread at a
 * time, as the core calls its producer.
 */
interface SendPath {
  /** Sends one producer may have in flight when the core gives it no window (no confirms). */
  int SLOTS_WITHOUT_WINDOW = 1_024;

  /**
   * Producer thread: stamps the message into a reused client message and hands it to the client.
   *
   * @return false when every send this path may have in flight is still held by the client
   * @throws DriverException when the client refused the send and the run cannot go on
   */
  boolean trySend(OutgoingMessage message) throws DriverException;

  /** True when {@link #trySendOnConfirm} may send: the send cannot block the client's thread. */
  default boolean sendsOnConfirm() {
    return false;
  }

  /**
   * On the client's I/O thread, inside a confirmation: sends as {@link #trySend} does when that
   * cannot block this thread, else returns false and the producer thread sends instead.
   */
  default boolean trySendOnConfirm(OutgoingMessage message) throws DriverException {
    return false;
  }

  /** What a path does with a send the client refused at once, once its outcome is reported. */
  interface RefusalCheck {
    /**
     * Lets the run go on (the send was counted as failed) or ends it.
     *
     * @throws DriverException when the thread was interrupted or the driver is closing
     */
    void throwIfFatal(Exception refusal) throws DriverException;
  }
}
