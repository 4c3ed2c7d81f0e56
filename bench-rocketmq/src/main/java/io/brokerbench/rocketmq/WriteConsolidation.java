package io.brokerbench.rocketmq;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.flush.FlushConsolidationHandler;
import java.lang.reflect.Field;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.rocketmq.remoting.RemotingClient;
import org.apache.rocketmq.remoting.netty.NettyRemotingClient;

/**
 * Lets the connections a rocketmq-client remoting client opens from now on gather the requests of a
 * burst into one socket write.
 *
 * <pre>{@code
 * WriteConsolidation consolidation = WriteConsolidation.install(remotingClient);
 * // ... sends ...
 * consolidation.connections(); // connections opened with it
 * }</pre>
 *
 * <p>Why: rocketmq-client writes and flushes every request on its own ({@code writeAndFlush}): one
 * socket write, and on loopback one wake-up of the broker, per message. Netty's {@link
 * FlushConsolidationHandler}, first in each new connection's pipeline, holds a flush until the I/O
 * thread has run the writes already queued behind it (at most {@value #MAX_FLUSHES_HELD}), so the
 * sends a producer issues back to back leave together; a lone send is flushed as soon as the I/O
 * thread gets to it.
 *
 * <p>How: the client builds every connection's pipeline with the initializer of its {@link
 * Bootstrap}, which it keeps in a private field and does not expose, any more than its channels.
 * This class reads that field and puts in its place an initializer that runs the client's and then
 * adds the handler. When the field is not there (another client version), nothing changes: the run
 * goes on with a write per message.
 */
final class WriteConsolidation {
  private static final int MAX_FLUSHES_HELD = 256;
  private static final String BOOTSTRAP_FIELD = "bootstrap";

  private final AtomicInteger connections = new AtomicInteger();

  private WriteConsolidation() {}

  /**
   * Installs the consolidation on the connections {@code client} opens from now on; call it after
   * the client started, before it connects to brokers.
   */
  static WriteConsolidation install(RemotingClient client) {
    WriteConsolidation consolidation = new WriteConsolidation();
    Bootstrap bootstrap = bootstrapOf(client);
    if (bootstrap != null) {
      ChannelHandler clientInitializer = bootstrap.config().handler();
      bootstrap.handler(consolidation.initializer(clientInitializer));
    }
    return consolidation;
  }

  /** How many connections were opened with the consolidation. */
  int connections() {
    return connections.get();
  }

  private ChannelInitializer<Channel> initializer(ChannelHandler clientInitializer) {
    return new ChannelInitializer<>() {
      @Override
      protected void initChannel(Channel channel) {
        channel.pipeline().addLast(clientInitializer);
        channel.pipeline().addFirst(new FlushConsolidationHandler(MAX_FLUSHES_HELD, true));
        connections.incrementAndGet();
      }
    };
  }

  private static Bootstrap bootstrapOf(RemotingClient client) {
    if (!(client instanceof NettyRemotingClient)) {
      return null;
    }
    try {
      Field field = NettyRemotingClient.class.getDeclaredField(BOOTSTRAP_FIELD);
      field.setAccessible(true);
      return field.get(client) instanceof Bootstrap bootstrap ? bootstrap : null;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }
}
