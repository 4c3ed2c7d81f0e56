package io.brokerbench.internal.events;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Notices for the console, added from any thread and taken in order by the one that prints them.
 */
public final class NoticeQueue {
  private final List<String> notices = new ArrayList<>();

  public synchronized void add(String notice) {
    notices.add(notice);
  }

  /** The notices added since the last call, in order. */
  public synchronized List<String> take() {
    if (notices.isEmpty()) {
      return Collections.emptyList();
    }
    List<String> taken = List.copyOf(notices);
    notices.clear();
    return taken;
  }
}
