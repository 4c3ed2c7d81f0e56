/**
 * One live run over many shard processes: a coordinator the shards dial starts them together, sees
 * their intervals as they close and writes the merged result itself.
 *
 * <p>The concepts: a shard says {@link io.brokerbench.coordination.Message.Hello hello} as it
 * starts and {@link io.brokerbench.coordination.Message.Ready ready} once its producers and
 * consumers are set up; the {@link io.brokerbench.coordination.Rendezvous} picks one start instant
 * once all are ready (or, after a bound, starts without the missing or fails); each shard then
 * streams every closed interval with its exact histograms, and its final result, which {@link
 * io.brokerbench.coordination.LiveMerge} adds up as {@code bench merge} would from the shards'
 * files. {@link io.brokerbench.coordination.Coordinator} is the coordinator's side, {@link
 * io.brokerbench.coordination.ShardLink} the shard's; {@link io.brokerbench.coordination.Wire}
 * carries the messages.
 */
package io.brokerbench.coordination;
