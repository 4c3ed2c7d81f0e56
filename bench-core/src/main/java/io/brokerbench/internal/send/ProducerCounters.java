package io.brokerbench.internal.send;

import io.brokerbench.result.MessageCounts;
import io.brokerbench.result.NotAccepted;
import io.brokerbench.result.RequestReplyCounts;
import io.brokerbench.spi.SendOutcome;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * What became of one producer's messages so far: written by its send loop (sent) and by the
 * driver's threads (every outcome, retry and reply), read by the run at any time as {@link
 * MessageCounts} and {@link RequestReplyCounts}. Nothing allocates on the writing side.
 */
final class ProducerCounters {
  private final AtomicLong sent = new AtomicLong();
  private final AtomicLong windowWaits = new AtomicLong();
  private final LongAdder confirmed = new LongAdder();
  private final LongAdder rejected = new LongAdder();
  private final LongAdder released = new LongAdder();
  private final LongAdder modified = new LongAdder();
  private final LongAdder failed = new LongAdder();
  private final LongAdder returned = new LongAdder();
  // Attempts the driver made again after a failed one; not messages.
  private final LongAdder retried = new LongAdder();
  // A requester's replies, by what they answered (see ConfirmWindow#reply).
  private final LongAdder replied = new LongAdder();
  private final LongAdder timedOut = new LongAdder();
  private final LongAdder lateReplies = new LongAdder();
  private final LongAdder duplicateReplies = new LongAdder();
  private final LongAdder unexpectedReplies = new LongAdder();

  /** Producer thread, its only writer: {@code count} messages have left so far. */
  void sent(long count) {
    sent.lazySet(count);
  }

  /**
   * Producer thread, its only writer: {@code count} scheduled sends so far found the in-flight
   * window full at their intended time.
   */
  void windowWaits(long count) {
    windowWaits.lazySet(count);
  }

  /** {@code count} messages ended with this outcome. Any thread. */
  void outcome(SendOutcome outcome, long count) {
    switch (outcome) {
      case ACCEPTED -> confirmed.add(count);
      case REJECTED -> rejected.add(count);
      case RELEASED -> released.add(count);
      case MODIFIED -> modified.add(count);
      case FAILED -> failed.add(count);
    }
  }

  /** The broker returned a message it could not route. Any thread. */
  void returned() {
    returned.increment();
  }

  /** The driver sent a message again after a failed attempt. Any thread. */
  void retried() {
    retried.increment();
  }

  /** A reply came, answering as {@link ConfirmWindow#reply} said. Any thread. */
  void reply(int answer) {
    switch (answer) {
      case ConfirmWindow.REPLIED -> replied.increment();
      case ConfirmWindow.TIMED_OUT -> timedOut.increment();
      case ConfirmWindow.LATE -> lateReplies.increment();
      case ConfirmWindow.DUPLICATE -> duplicateReplies.increment();
      default -> unexpectedReplies.increment();
    }
  }

  /** A reply came that answers none of this producer's requests. Any thread. */
  void unexpectedReply() {
    unexpectedReplies.increment();
  }

  /** {@code count} requests went unanswered past the reply timeout. Any thread. */
  void timedOut(long count) {
    timedOut.add(count);
  }

  /** Messages that left so far. */
  long sent() {
    return sent.get();
  }

  /** Messages the broker confirmed so far. */
  long confirmed() {
    return confirmed.sum();
  }

  /**
   * The cumulative counts now; received is always 0 here (consumers count it).
   *
   * @param skipped sends the schedule skipped
   * @param unconfirmed messages sent and not yet confirmed
   */
  MessageCounts counts(long skipped, long unconfirmed) {
    return new MessageCounts(
        sent.get(),
        confirmed.sum(),
        0,
        new NotAccepted(
            rejected.sum(), released.sum(), modified.sum(), failed.sum(), returned.sum()),
        retried.sum(),
        skipped,
        windowWaits.get(),
        unconfirmed);
  }

  /**
   * The requests so far and what became of them.
   *
   * @param outstanding requests awaiting a reply now
   * @param timeoutNanos how long a request waits for its reply
   */
  RequestReplyCounts requestReply(long outstanding, long timeoutNanos) {
    return new RequestReplyCounts(
        sent.get(),
        replied.sum(),
        timedOut.sum(),
        lateReplies.sum(),
        duplicateReplies.sum(),
        unexpectedReplies.sum(),
        outstanding,
        timeoutNanos / 1e9);
  }
}
