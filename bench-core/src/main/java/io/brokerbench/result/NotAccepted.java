package io.brokerbench.result;

/**
 * Sent messages the broker did not take, by outcome. Each message's final outcome is counted once.
 *
 * @param rejected refused by the broker (AMQP 0.9.1 nack, AMQP 1.0 rejected, RocketMQ error answer)
 * @param released AMQP 1.0 released outcomes
 * @param modified AMQP 1.0 modified outcomes
 * @param failed sends that failed in the client (timeout, connection lost before an answer)
 * @param returned returned unroutable (AMQP 0.9.1 mandatory)
 */
public record NotAccepted(long rejected, long released, long modified, long failed, long returned) {

  /** Nothing. */
  public static final NotAccepted NONE = new NotAccepted(0, 0, 0, 0, 0);

  /** The sum of both. */
  public NotAccepted plus(NotAccepted o) {
    return new NotAccepted(
        rejected + o.rejected,
        released + o.released,
        modified + o.modified,
        failed + o.failed,
        returned + o.returned);
  }

  /** This minus {@code o} (the change since an earlier reading). */
  public NotAccepted minus(NotAccepted o) {
    return new NotAccepted(
        rejected - o.rejected,
        released - o.released,
        modified - o.modified,
        failed - o.failed,
        returned - o.returned);
  }

  /** Messages of every outcome above. */
  public long total() {
    return rejected + released + modified + failed + returned;
  }
}
