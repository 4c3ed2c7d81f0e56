package io.brokerbench.internal.events;

import io.brokerbench.rate.NanoClock;
import io.brokerbench.result.FlowControl;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The flow control a run's producers were told about, from any thread: the periods during which at
 * least one producer was blocked, their total length, and the notices the console shows as they
 * happen.
 */
public final class FlowControlLog {
  private final OutagePeriods<Integer> blocked;
  private final Set<String> reasons = new TreeSet<>();
  private final NoticeQueue notices = new NoticeQueue();

  public FlowControlLog(NanoClock clock) {
    this.blocked = new OutagePeriods<>(clock);
  }

  public synchronized void blocked(int producer, String reason) {
    if (!blocked.start(producer)) {
      return;
    }
    String why = reason == null || reason.isBlank() ? "no reason given" : reason;
    reasons.add(why);
    if (blocked.clientsOut() == 1) {
      notices.add("BLOCKED: the broker stopped taking messages (" + why + ")");
    }
  }

  public synchronized void unblocked(int producer) {
    if (!blocked.end(producer) || blocked.ongoing()) {
      return;
    }
    notices.add(
        String.format(
            Locale.ROOT,
            "UNBLOCKED: the broker takes messages again after %.1f s",
            blocked.lastNanos() / 1e9));
  }

  /** The notices since the last call, in order. */
  public List<String> takeNotices() {
    return notices.take();
  }

  /** What happened so far, a period still going counted up to now. */
  public synchronized FlowControl summary() {
    return new FlowControl(
        blocked.periods(), blocked.totalNanos() / 1e9, blocked.ongoing(), List.copyOf(reasons));
  }
}
