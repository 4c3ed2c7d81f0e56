package io.brokerbench.rocketmq;

import io.brokerbench.spi.SendOutcome;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;

/**
 * One reusable send (a message, or a batch of them) with its attempts: the first, and the ones the
 * {@link RetryPolicy} allows after a failure, each reported as a retry before it is made. The
 * outcome of the last attempt is reported once. Owned by the producer thread while {@link #busy()}
 * is false, by the client (and its callback threads) from {@link #begin()} until the outcome.
 *
 * <pre>{@code
 * send.begin();
 * send.sendAsync();                       // async: the outcome comes through the callback
 * send.onSuccess(send.sendSync());        // or sync: throws the last failure when retries ran out
 * }</pre>
 *
 * <p>Outcomes follow the RocketMQ benchmark tool: {@link SendStatus#SEND_OK} is {@link
 * SendOutcome#ACCEPTED}; another status (flush or slave timeout) or an error answered by the broker
 * ({@link MQBrokerException}, the tool's "response failed", such as broker busy) is {@link
 * SendOutcome#REJECTED}; any other failure (timeout, connection, no route: the tool's "send
 * failed") is {@link SendOutcome#FAILED}.
 */
abstract class RetryingSend implements SendCallback {
  private final RetryPolicy policy;
  private volatile boolean busy;
  private int retriesDone;
  private long deadlineNanos;

  RetryingSend(RetryPolicy policy) {
    this.policy = policy;
  }

  /** True from {@link #begin()} until the outcome is being reported. Any thread. */
  final boolean busy() {
    return busy;
  }

  /** Producer thread: the send is about to go to the client; its time budget starts now. */
  final void begin() {
    retriesDone = 0;
    deadlineNanos = policy.deadlineNanos(System.nanoTime());
    busy = true;
  }

  /**
   * Producer thread: the first async attempt; the outcome comes through this callback.
   *
   * @throws Exception when the client refuses the send at once (not retried: the client does not
   *     retry that either); the caller reports the outcome
   */
  final void sendAsync() throws Exception {
    ProducerThreadSendExecutor.inline(true);
    try {
      attemptAsync(policy.timeoutMillis());
    } finally {
      ProducerThreadSendExecutor.inline(false);
    }
  }

  /**
   * Producer thread: sends and waits for the answer, again after each failure the policy retries.
   *
   * @throws Exception the last attempt's failure; the caller reports the outcome
   */
  final SendResult sendSync() throws Exception {
    long timeoutMillis = policy.timeoutMillis();
    while (true) {
      try {
        return attemptSync(timeoutMillis);
      } catch (Exception e) {
        timeoutMillis = policy.retryTimeoutMillis(e, true, retriesDone, deadlineNanos);
        if (timeoutMillis == 0) {
          throw e;
        }
        retriesDone++;
        retried();
      }
    }
  }

  @Override
  public final void onSuccess(SendResult result) {
    complete(outcome(result.getSendStatus()));
  }

  /** A client thread: sends again if the policy allows, else reports the failure. */
  @Override
  public final void onException(Throwable failure) {
    Throwable last = failure;
    long timeoutMillis = policy.retryTimeoutMillis(failure, false, retriesDone, deadlineNanos);
    if (timeoutMillis > 0) {
      retriesDone++;
      retried();
      try {
        attemptAsync(timeoutMillis);
        return;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        last = e;
      } catch (Exception e) {
        last = e;
      }
    }
    complete(outcome(last));
  }

  /**
   * Reports the outcome of every message of this send. Implementations read what they report first,
   * then {@link #release()}, then tell the listener, so the producer may reuse the send as soon as
   * the core hears of the outcome.
   */
  abstract void complete(SendOutcome outcome);

  /** Gives the send back to the producer thread. */
  final void release() {
    busy = false;
  }

  /** One async attempt with this callback. */
  abstract void attemptAsync(long timeoutMillis) throws Exception;

  /** One synchronous attempt. */
  abstract SendResult attemptSync(long timeoutMillis) throws Exception;

  /** Reports one retry of every message of this send. */
  abstract void retried();

  static SendOutcome outcome(SendStatus status) {
    return status == SendStatus.SEND_OK ? SendOutcome.ACCEPTED : SendOutcome.REJECTED;
  }

  /** The broker's answer is "response failed" also when the client wrapped it (see the policy). */
  static SendOutcome outcome(Throwable failure) {
    return RetryPolicy.attemptFailure(failure) instanceof MQBrokerException
        ? SendOutcome.REJECTED
        : SendOutcome.FAILED;
  }
}
