package io.brokerbench.amqp10;

import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.IdleConnection;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The idle connections of a many-connections run: AMQP 1.0 connections with their sessions, each a
 * protonj2 engine over a non-blocking socket ({@link EngineIdleConnection}), all served by one
 * selector thread (an {@link EngineConnection} has a reader and a ticker thread of its own, too
 * many for tens of thousands). Every engine call happens on that thread; openers hand it their work
 * and wait for the result. Once a second the thread ticks every engine, which sends the empty
 * frames the broker's idle timeout asks for.
 */
final class IdleEngineConnections implements AutoCloseable {
  private static final long TICK_MILLIS = 1_000;
  private static final int READ_BUFFER_BYTES = 64 * 1024;

  private final Amqp10Config config;
  private final Selector selector;
  private final Thread loop;
  private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
  private final Set<EngineIdleConnection> live = ConcurrentHashMap.newKeySet();
  private final ByteBuffer readBuffer = ByteBuffer.allocate(READ_BUFFER_BYTES);
  // One encoder for every connection's sender (by durability): senders encode in turn, under its
  // lock, and tens of thousands of connections need not each keep one.
  private final Map<Boolean, MessageEncoder> encoders = new ConcurrentHashMap<>();
  private volatile boolean closed;

  IdleEngineConnections(Amqp10Config config) throws DriverException {
    if (config.tls()) {
      throw new DriverException(
          "the amqp10 driver opens idle connections over plain AMQP only: give an amqp:// URI"
              + " for --connections");
    }
    this.config = config;
    try {
      this.selector = Selector.open();
    } catch (IOException e) {
      throw new DriverException("cannot open a selector for idle connections: " + e, e);
    }
    this.loop = new Thread(this::run, "brokerbench-amqp10-idle");
    loop.setDaemon(true);
    loop.start();
  }

  /** Opens connection {@code index} with {@code sessions} sessions; bounded by the timeout. */
  IdleConnection open(int index, int sessions) throws DriverException {
    EngineIdleConnection c = new EngineIdleConnection(this, config, index, sessions);
    submit(c::connect);
    await(c.opened(), c, "opening an idle connection");
    return c;
  }

  /**
   * Waits for {@code c}'s {@code step}, at most the connect timeout; drops {@code c} if it fails.
   */
  void await(CompletableFuture<Void> step, EngineIdleConnection c, String what)
      throws DriverException {
    try {
      step.get(config.connectTimeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      submit(c::drop);
      throw e.getCause() instanceof DriverException d ? d : Errors.of(config, what, e.getCause());
    } catch (TimeoutException e) {
      submit(c::drop);
      throw Errors.of(config, what, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      submit(c::drop);
      throw new DriverException("interrupted " + what, e);
    }
  }

  /** Runs {@code task} on the selector thread. */
  void submit(Runnable task) {
    tasks.add(task);
    selector.wakeup();
  }

  /**
   * Selector thread: registers {@code c}'s socket for {@code ops}, its events going to {@code c}.
   */
  SelectionKey register(SocketChannel channel, int ops, EngineIdleConnection c)
      throws ClosedChannelException {
    return channel.register(selector, ops, c);
  }

  /** Selector thread: the buffer every connection reads into, in turn. */
  ByteBuffer readBuffer() {
    return readBuffer;
  }

  /** Selector thread: {@code c} is open, and ticked from now on. */
  void startTicking(EngineIdleConnection c) {
    live.add(c);
  }

  /** Selector thread: {@code c} is closing or gone, and no longer ticked. */
  void stopTicking(EngineIdleConnection c) {
    live.remove(c);
  }

  /** The encoder every sender of messages with this durability shares (under its lock). */
  MessageEncoder encoder(boolean durable) {
    return encoders.computeIfAbsent(durable, MessageEncoder::new);
  }

  private void run() {
    long nextTick = System.nanoTime();
    while (!closed) {
      try {
        selector.select(TICK_MILLIS);
      } catch (IOException e) {
        return;
      }
      Runnable task;
      while ((task = tasks.poll()) != null) {
        task.run();
      }
      for (SelectionKey key : selector.selectedKeys()) {
        ((EngineIdleConnection) key.attachment()).ready(key);
      }
      selector.selectedKeys().clear();
      long now = System.nanoTime();
      if (now - nextTick >= 0) {
        nextTick = now + TimeUnit.MILLISECONDS.toNanos(TICK_MILLIS);
        for (EngineIdleConnection c : live) {
          c.tick(now / 1_000_000);
        }
      }
    }
  }

  @Override
  public void close() {
    closed = true;
    selector.wakeup();
    try {
      loop.join(config.connectTimeout().toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    for (SelectionKey key : selector.keys()) {
      closeQuietly((SocketChannel) key.channel());
    }
    try {
      selector.close();
    } catch (IOException e) {
      // Nothing left to release.
    }
  }

  static void closeQuietly(SocketChannel channel) {
    try {
      channel.close();
    } catch (IOException e) {
      // Already gone.
    }
  }
}
