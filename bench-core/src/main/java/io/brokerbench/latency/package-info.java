/**
 * Latency: the stamp every message carries, and HdrHistogram-based recorders.
 *
 * <p>Each message is stamped with its producer, sequence number, <em>intended</em> send time and
 * schedule slip (see {@link io.brokerbench.latency.PayloadStamp}), so a consumer in any process can
 * compute both the end-to-end latency from the intended time (corrected for coordinated omission)
 * and from the actual send. The kinds of latency recorded are listed in {@link
 * io.brokerbench.latency.LatencyKind}.
 *
 * <p>Values are nanoseconds with 3 significant digits, up to one hour. A negative value (possible
 * across hosts whose clocks disagree) is counted, not recorded; a value above the range is clamped
 * to it and counted. Nothing is ever made positive with {@code Math.abs}.
 */
package io.brokerbench.latency;
