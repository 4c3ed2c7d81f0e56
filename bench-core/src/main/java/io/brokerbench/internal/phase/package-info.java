/**
 * The phases of a run outside its steady sending and receiving: opening the idle connections of a
 * many-connections run, filling and draining a backlog, watching for progress, the end of sending
 * and the drain, and the loss check against the broker's depth. Each is driven by {@code
 * io.brokerbench.internal.Runner}. Not API.
 */
package io.brokerbench.internal.phase;
