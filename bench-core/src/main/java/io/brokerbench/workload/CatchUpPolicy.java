package io.brokerbench.workload;

/**
 * What a producer does with sends whose intended time has passed (after a stall in the client or
 * back-pressure from the broker). Either way the latency of every message sent is measured from its
 * intended time, so a stall is never hidden.
 */
public enum CatchUpPolicy {
  /**
   * Send overdue messages back to back until the schedule is met again (a pure open loop; the
   * achieved rate briefly exceeds the target after a stall).
   */
  BURST,
  /**
   * Skip the intended sends that are more than one interval overdue and count them as missed sends;
   * the achieved rate never exceeds the target.
   */
  SKIP
}
