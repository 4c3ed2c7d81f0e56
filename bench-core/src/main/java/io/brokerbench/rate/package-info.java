/**
 * Open-loop rate limiting.
 *
 * <p>A closed-loop generator sends the next message only when the previous one completed, so when
 * the broker stalls it simply sends less, and the messages that should have been sent during the
 * stall are never measured: their latency is silently omitted ("coordinated omission"). brokerbench
 * gives every send an <em>intended</em> time from an {@link io.brokerbench.rate.OpenLoopSchedule}
 * that does not depend on how fast earlier sends completed. Latency is measured from that intended
 * time (the honest, corrected figure) and also from the actual send time; the difference, the
 * schedule slip, is recorded on its own.
 *
 * <p>Time comes from a {@link io.brokerbench.rate.NanoClock} so tests can inject a manual clock.
 */
package io.brokerbench.rate;
