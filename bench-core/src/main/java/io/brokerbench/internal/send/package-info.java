/**
 * Sending: a producer's open-loop send loop and the {@code SendListener} its driver calls ({@code
 * ProducerTask}), the in-flight window that bounds and times confirms ({@code ConfirmWindow}), the
 * hand-off that lets a confirm thread send the next message ({@code SendLoopOwnership}), the
 * producer's outcome counters, and the light traffic of held connections ({@code
 * ConnectionTraffic}). Not API.
 */
package io.brokerbench.internal.send;
