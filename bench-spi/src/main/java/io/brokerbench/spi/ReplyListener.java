package io.brokerbench.spi;

/**
 * Receives one requester's replies. Implemented by the core; drivers call it from their delivery
 * threads, one call at a time per requester. Methods must be fast and never block; they do not
 * allocate.
 */
public interface ReplyListener {
  /**
   * A reply arrived. The replier returns the request's body, so the reply carries the stamp of the
   * request it answers.
   *
   * @param stamp the array holding the stamp; read only during the call, the driver keeps ownership
   * @param offset where the stamp starts in {@code stamp}
   */
  void onReply(byte[] stamp, int offset);

  /** The requester can no longer receive replies (its connection or channel closed). */
  void onFailure(DriverException failure);
}
