package io.brokerbench.internal;

import io.brokerbench.rate.NanoClock;
import io.brokerbench.result.FlowControl;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The flow control a run's producers were told about, from any thread: the periods during which at
 * least one producer was blocked, their total length, and the notices the console shows as they
 * happen.
 */
final class FlowControlLog {
  private final NanoClock clock;
  private final Set<Integer> blocked = new TreeSet<>();
  private final Set<String> reasons = new TreeSet<>();
  private final List<String> notices = new ArrayList<>();
  private int periods;
  private long since;
  private long totalNanos;

  FlowControlLog(NanoClock clock) {
    this.clock = clock;
  }

  synchronized void blocked(int producer, String reason) {
    if (!blocked.add(producer)) {
      return;
    }
    String why = reason == null || reason.isBlank() ? "no reason given" : reason;
    reasons.add(why);
    if (blocked.size() == 1) {
      periods++;
      since = clock.nanoTime();
      notices.add("BLOCKED: the broker stopped taking messages (" + why + ")");
    }
  }

  synchronized void unblocked(int producer) {
    if (!blocked.remove(producer) || !blocked.isEmpty()) {
      return;
    }
    long nanos = clock.nanoTime() - since;
    totalNanos += nanos;
    notices.add(
        String.format(
            Locale.ROOT, "UNBLOCKED: the broker takes messages again after %.1f s", nanos / 1e9));
  }

  /** The notices since the last call, in order. */
  synchronized List<String> takeNotices() {
    if (notices.isEmpty()) {
      return Collections.emptyList();
    }
    List<String> taken = List.copyOf(notices);
    notices.clear();
    return taken;
  }

  /** What happened so far, a period still going counted up to now. */
  synchronized FlowControl summary() {
    long nanos = totalNanos + (blocked.isEmpty() ? 0 : clock.nanoTime() - since);
    return new FlowControl(periods, nanos / 1e9, !blocked.isEmpty(), List.copyOf(reasons));
  }
}
