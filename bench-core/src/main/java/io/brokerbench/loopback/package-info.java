/**
 * The loopback driver: an in-memory broker, for tests and to show the generator's own ceiling
 * ({@code bench run loopback}).
 *
 * <p>Each destination is a bounded ring of stamps; one delivery thread per destination hands them
 * to its consumers in turn. Messages are confirmed when enqueued. For tests it can drop, duplicate
 * or reorder every n-th message, stall a send once, and deliver inline on the producer's thread so
 * that a run under a manual clock is deterministic.
 */
package io.brokerbench.loopback;
