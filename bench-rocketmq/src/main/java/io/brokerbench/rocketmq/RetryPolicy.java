package io.brokerbench.rocketmq;

import java.time.Duration;
import java.util.Set;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.remoting.exception.RemotingException;
import org.apache.rocketmq.remoting.exception.RemotingTooMuchRequestException;

/**
 * Which failed sends the driver sends again, how often and within what time. The driver retries
 * instead of the client (whose own retries are switched off) so that every retry is counted.
 *
 * <pre>{@code
 * RetryPolicy policy = new RetryPolicy(2, Duration.ofSeconds(3), client.getRetryResponseCodes());
 * long deadlineNanos = policy.deadlineNanos(System.nanoTime());   // at the first attempt
 * long timeoutMillis = policy.retryTimeoutMillis(failure, sync, retriesDone, deadlineNanos);
 * // 0: report the failure; otherwise send again with this timeout
 * }</pre>
 *
 * <p>Implementation notes: it retries what rocketmq-client 5.5.0 retries, never more. A sync send
 * ({@code DefaultMQProducerImpl.sendDefaultImpl}) is retried after any {@link RemotingException}
 * (connection, timeout, request not sent) or client-side {@link MQClientException} of an attempt,
 * and after a broker answer whose code is in the producer's {@code retryResponseCodes} (system busy
 * or error, topic missing, no permission, service unavailable, ...); not when the message has no
 * route, is invalid, or the time is up. An async send ({@code MQClientAPIImpl.onExceptionImpl}) is
 * retried only after a transport failure, never after a broker answer. Neither retries once the
 * send timeout, counted from the first attempt, has passed; every attempt gets the time left. With
 * its own retries off, the client reports a sync attempt's failure wrapped in an {@link
 * MQClientException} ("Send [1] times, still failed"), a broker answer with a code it would not
 * retry unwrapped; {@link #attemptFailure} undoes the wrapping. The one transport failure not
 * retried is the client's {@link RemotingTooMuchRequestException}: its send time or request limit
 * is used up.
 */
final class RetryPolicy {
  private final int retries;
  private final long timeoutNanos;
  private final Set<Integer> retryResponseCodes;

  /**
   * A policy.
   *
   * @param retries how often a message is sent again at most
   * @param sendTimeout the time all attempts of a message share
   * @param retryResponseCodes broker answers a sync send retries (the client's set, read on each
   *     failure)
   */
  RetryPolicy(int retries, Duration sendTimeout, Set<Integer> retryResponseCodes) {
    this.retries = retries;
    this.timeoutNanos = sendTimeout.toNanos();
    this.retryResponseCodes = retryResponseCodes;
  }

  /** The first attempt's timeout. */
  long timeoutMillis() {
    return timeoutNanos / 1_000_000;
  }

  /** When the attempts of a message first sent at {@code startNanos} run out of time. */
  long deadlineNanos(long startNanos) {
    return startNanos + timeoutNanos;
  }

  /**
   * Decides on a failed attempt.
   *
   * @param failure what the attempt failed with, as the client reported it
   * @param sync true for a synchronous send, false for an async one
   * @param retriesDone how often the message was sent again already
   * @param deadlineNanos from {@link #deadlineNanos}
   * @return the timeout of the next attempt in milliseconds, or 0 when the message is not sent
   *     again
   */
  long retryTimeoutMillis(Throwable failure, boolean sync, int retriesDone, long deadlineNanos) {
    if (retriesDone >= retries || !retryable(failure, sync)) {
      return 0;
    }
    return Math.max(0, (deadlineNanos - System.nanoTime()) / 1_000_000);
  }

  /** True when the client would send again after this failure (time and count aside). */
  boolean retryable(Throwable failure, boolean sync) {
    Throwable attempt = attemptFailure(failure);
    if (attempt instanceof RemotingTooMuchRequestException) {
      return false;
    }
    if (attempt instanceof RemotingException) {
      return true;
    }
    if (!sync) {
      return false;
    }
    if (attempt instanceof MQBrokerException broker) {
      return retryResponseCodes.contains(broker.getResponseCode());
    }
    return attempt != failure && attempt instanceof MQClientException;
  }

  /**
   * What the attempt itself failed with: the cause when the client wrapped it in an {@link
   * MQClientException}, else the failure as reported.
   */
  static Throwable attemptFailure(Throwable failure) {
    if (failure instanceof MQClientException && failure.getCause() != null) {
      return failure.getCause();
    }
    return failure;
  }
}
