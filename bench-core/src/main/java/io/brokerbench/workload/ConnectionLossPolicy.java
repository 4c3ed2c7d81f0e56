package io.brokerbench.workload;

/**
 * What a producer or consumer does when its connection is lost during a run (the broker killed,
 * restarted, or gone silent past its heartbeat).
 */
public enum ConnectionLossPolicy {
  /** The run fails with the loss as its error, as PerfTest and quiver do without recovery. */
  FAIL,
  /**
   * The client reconnects with a growing backoff until the run ends: the outage is counted with its
   * length, shows as latency from the intended send time, and the messages in flight at the loss
   * are counted as failed (received all the same when a consumer gets them).
   */
  RECONNECT
}
