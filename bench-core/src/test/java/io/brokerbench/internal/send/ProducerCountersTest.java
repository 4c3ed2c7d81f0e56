package io.brokerbench.internal.send;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.result.MessageCounts;
import io.brokerbench.result.NotAccepted;
import io.brokerbench.result.RequestReplyCounts;
import io.brokerbench.spi.SendOutcome;
import org.junit.jupiter.api.Test;

class ProducerCountersTest {
  private final ProducerCounters counters = new ProducerCounters();

  @Test
  void eachOutcomeCountsUnderItsOwnName() {
    counters.sent(20);
    counters.outcome(SendOutcome.ACCEPTED, 9);
    counters.outcome(SendOutcome.ACCEPTED, 1);
    counters.outcome(SendOutcome.REJECTED, 2);
    counters.outcome(SendOutcome.RELEASED, 3);
    counters.outcome(SendOutcome.MODIFIED, 1);
    counters.outcome(SendOutcome.FAILED, 2);
    counters.returned();
    counters.retried();
    counters.retried();

    assertThat(counters.counts(4, 1))
        .isEqualTo(new MessageCounts(20, 10, 0, new NotAccepted(2, 3, 1, 2, 1), 2, 4, 0, 1));
    assertThat(counters.sent()).isEqualTo(20);
    assertThat(counters.confirmed()).isEqualTo(10);
  }

  @Test
  void repliesCountByWhatTheyAnswered() {
    counters.sent(9);
    counters.reply(ConfirmWindow.REPLIED);
    counters.reply(ConfirmWindow.REPLIED);
    counters.reply(ConfirmWindow.TIMED_OUT);
    counters.timedOut(2);
    counters.reply(ConfirmWindow.LATE);
    counters.reply(ConfirmWindow.DUPLICATE);
    counters.reply(ConfirmWindow.UNEXPECTED);
    counters.unexpectedReply();

    assertThat(counters.requestReply(1, 500_000_000))
        .isEqualTo(new RequestReplyCounts(9, 2, 3, 1, 1, 2, 1, 0.5));
    // Replies are not confirms.
    assertThat(counters.counts(0, 0))
        .isEqualTo(new MessageCounts(9, 0, 0, NotAccepted.NONE, 0, 0, 0, 0));
  }

  @Test
  void nothingCountedIsAllZero() {
    assertThat(counters.counts(0, 0)).isEqualTo(MessageCounts.ZERO);
  }
}
