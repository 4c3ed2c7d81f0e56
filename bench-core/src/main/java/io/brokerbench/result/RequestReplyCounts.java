package io.brokerbench.result;

import java.util.Locale;

/**
 * What became of a request-reply run's requests, over the whole run (warm-up included). Their round
 * trips are the latency kinds {@code rtt} (from the intended send) and {@code rtt_send} (from the
 * actual send); a request's one-way latency to its replier is {@code e2e}.
 *
 * @param requests requests sent
 * @param replied answered within the timeout (each with one round trip recorded)
 * @param timedOut not answered within the timeout: expired unanswered, or answered too late
 * @param lateReplies replies to requests already counted as timed out
 * @param duplicateReplies replies to requests answered before
 * @param unexpectedReplies replies that answer no request of their requester
 * @param outstandingAtEnd requests still awaiting a reply, within their timeout, when the run ended
 * @param timeoutSeconds how long a requester waited for a reply
 */
public record RequestReplyCounts(
    long requests,
    long replied,
    long timedOut,
    long lateReplies,
    long duplicateReplies,
    long unexpectedReplies,
    long outstandingAtEnd,
    double timeoutSeconds) {

  /** Not a request-reply run. */
  public static final RequestReplyCounts NONE = new RequestReplyCounts(0, 0, 0, 0, 0, 0, 0, 0);

  /** True for a request-reply run. */
  public boolean present() {
    return timeoutSeconds > 0;
  }

  /** True when a request went unanswered or a reply was late, repeated or unasked. */
  public boolean troubled() {
    return timedOut + outstandingAtEnd + lateReplies + duplicateReplies + unexpectedReplies > 0;
  }

  /** The line for people. */
  public String describe() {
    return String.format(
        Locale.ROOT,
        "requests %d, replied %d, timed out %d (no reply within %s s), still awaiting a reply %d;"
            + " replies late %d, duplicate %d, unexpected %d",
        requests,
        replied,
        timedOut,
        java.math.BigDecimal.valueOf(timeoutSeconds).stripTrailingZeros().toPlainString(),
        outstandingAtEnd,
        lateReplies,
        duplicateReplies,
        unexpectedReplies);
  }

  /** The counts of two parts of one run (shards), added. */
  public RequestReplyCounts plus(RequestReplyCounts other) {
    if (!other.present()) {
      return this;
    }
    if (!present()) {
      return other;
    }
    return new RequestReplyCounts(
        requests + other.requests,
        replied + other.replied,
        timedOut + other.timedOut,
        lateReplies + other.lateReplies,
        duplicateReplies + other.duplicateReplies,
        unexpectedReplies + other.unexpectedReplies,
        outstandingAtEnd + other.outstandingAtEnd,
        Math.max(timeoutSeconds, other.timeoutSeconds));
  }
}
