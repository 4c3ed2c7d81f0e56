package io.brokerbench.workload;

import java.time.Duration;

/**
 * A request-reply run: producers are requesters, each message a request with a reply address and a
 * correlation id; consumers are repliers, which answer each request (after an optional processing
 * time) with its own body. The round trip is measured from the request's intended and actual send
 * time; requests unanswered after {@code timeout} are counted as timed out.
 *
 * @param enabled true for a request-reply run
 * @param timeout how long a requester waits for a reply before counting the request as timed out
 * @param replierDelay processing time of each request on the replier's delivery thread, before it
 *     replies
 */
public record RequestReply(boolean enabled, Duration timeout, Duration replierDelay) {
  /** Outstanding requests per requester when the workload sets no in-flight window. */
  public static final int DEFAULT_OUTSTANDING = 1_000;

  /** Not a request-reply run. */
  public static final RequestReply OFF =
      new RequestReply(
          false,
          WorkloadOption.REPLY_TIMEOUT.defaultValue(),
          WorkloadOption.REPLIER_DELAY.defaultValue());

  /** Checks the durations. */
  public RequestReply {
    if (timeout.isNegative() || timeout.isZero()) {
      throw new WorkloadException("reply timeout must be > 0 (got " + timeout + ")");
    }
    if (replierDelay.isNegative()) {
      throw new WorkloadException("replier delay must be >= 0 (got " + replierDelay + ")");
    }
  }
}
