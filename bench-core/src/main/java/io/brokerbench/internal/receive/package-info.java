/**
 * Receiving: a consumer's {@code DeliveryListener}, which decodes each message's stamp and records
 * its latency and sequence ({@code ConsumerTask}), and the reopening of a consumer that lost its
 * connection ({@code Reconnector}). Not API.
 */
package io.brokerbench.internal.receive;
