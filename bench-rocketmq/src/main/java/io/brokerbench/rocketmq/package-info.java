/**
 * The {@code rocketmq} driver: Apache RocketMQ through {@code org.apache.rocketmq:rocketmq-client}.
 *
 * <h2>Concepts</h2>
 *
 * <ul>
 *   <li>A destination is a topic. By default the driver creates it with {@code queues-per-topic}
 *       queues on every master broker before the run and deletes it afterwards; {@code
 *       topic-setup=predeclared} only checks it exists, {@code auto} leaves it to the broker.
 *   <li>Send modes: async (the default; the core's in-flight window bounds the messages awaiting
 *       the broker's answer, each tracked by a reusable callback), sync (closed loop: each producer
 *       thread waits for the answer, like the RocketMQ benchmark tool's {@code -w} threads) and
 *       oneway (no answer). The confirm latency is RocketMQ's send RT.
 *   <li>Batch send ({@code batch} above 1) packs that many messages into one request, async or
 *       sync; a partial batch goes out after {@code batch-linger-ms}.
 *   <li>Outcomes are split as the RocketMQ tool does: {@code SEND_OK} is accepted; another send
 *       status or an error answered by the broker ("response failed", such as broker busy) is
 *       rejected; a client-side failure ("send failed": timeout, connection, no route) is failed.
 *   <li>Retries: the driver, not the client, sends a failed message again, up to {@code retries}
 *       times within the send timeout and only where rocketmq-client would retry it itself ({@link
 *       io.brokerbench.rocketmq.RetryPolicy}), so that every retry is counted; the message's
 *       outcome is still counted once. Oneway sends get no answer and are never retried.
 *   <li>Consumers are push consumers (concurrent or orderly) or lite pull consumers, one consumer
 *       group per destination unless {@code consumer-group} is given. A new group starts at the
 *       beginning of topics the driver created and at the end of others. The acknowledgement mode
 *       makes no difference: the client commits consumed offsets itself every few seconds. The
 *       end-to-end latency is RocketMQ's born-to-consume (B2C, from the producer's stamp); the
 *       broker's store time gives store-to-consume (S2C).
 *   <li>With no name server given, the driver starts a name server and a broker in this JVM on
 *       127.0.0.1 with a temporary store ({@link
 *       io.brokerbench.rocketmq.embedded.EmbeddedRocketMq}).
 * </ul>
 */
package io.brokerbench.rocketmq;
