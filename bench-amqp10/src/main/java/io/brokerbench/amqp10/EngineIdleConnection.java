package io.brokerbench.amqp10;

import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.IdleConnection;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.SendListener;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.impl.ProtonByteArrayBufferAllocator;
import org.apache.qpid.protonj2.engine.Connection;
import org.apache.qpid.protonj2.engine.Engine;
import org.apache.qpid.protonj2.engine.EngineFactory;
import org.apache.qpid.protonj2.engine.Session;

/**
 * One idle connection of {@link IdleEngineConnections}, on the protonj2 engine over a non-blocking
 * socket; every method but {@link #close} and {@link #producer} runs on the selector thread.
 */
final class EngineIdleConnection implements IdleConnection {
  private final IdleEngineConnections connections;
  private final Amqp10Config config;
  private final int index;
  private final int sessions;
  private final CompletableFuture<Void> opened = new CompletableFuture<>();
  private final CompletableFuture<Void> remotelyClosed = new CompletableFuture<>();
  private final ArrayDeque<ByteBuffer> pending = new ArrayDeque<>();
  private SocketChannel channel;
  private SelectionKey key;
  private Engine engine;
  private Connection connection;
  private int sessionsBegun;
  private Session first;
  private IdleSender sender;

  EngineIdleConnection(
      IdleEngineConnections connections, Amqp10Config config, int index, int sessions) {
    this.connections = connections;
    this.config = config;
    this.index = index;
    this.sessions = sessions;
  }

  /** Completes when every session has begun, exceptionally when the connection failed first. */
  CompletableFuture<Void> opened() {
    return opened;
  }

  void connect() {
    try {
      channel = SocketChannel.open();
      channel.configureBlocking(false);
      channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
      boolean connected = channel.connect(new InetSocketAddress(config.host(), config.port()));
      key = connections.register(channel, connected ? 0 : SelectionKey.OP_CONNECT, this);
      if (connected) {
        start();
      }
    } catch (IOException | RuntimeException e) {
      fail(e);
    }
  }

  /** The socket is connected: the engine starts, opening the connection and its sessions. */
  private void start() {
    key.interestOps(SelectionKey.OP_READ);
    engine = EngineFactory.PROTON.createEngine();
    engine.outputHandler(this::write);
    engine.errorHandler(e -> fail(e.failureCause()));
    connection = engine.connection();
    EngineConnection.authenticate(
        engine,
        config,
        EngineConnection.credentials(config, () -> connection.getHostname(), () -> null));
    connection.setContainerId("brokerbench-idle-" + index);
    connection.setHostname(config.virtualHost() != null ? config.virtualHost() : config.host());
    connection.closeHandler(c -> remotelyClosed.complete(null));
    engine.start().open();
    for (int s = 0; s < sessions; s++) {
      Session session = connection.session();
      if (first == null) {
        first = session;
      }
      session
          .openHandler(
              begun -> {
                if (++sessionsBegun == sessions) {
                  connections.startTicking(this);
                  opened.complete(null);
                }
              })
          .open();
    }
  }

  void ready(SelectionKey ready) {
    try {
      if (!ready.isValid()) {
        return;
      }
      if (ready.isConnectable()) {
        channel.finishConnect();
        start();
        return;
      }
      if (ready.isReadable()) {
        read();
      }
      if (ready.isValid() && ready.isWritable()) {
        flush();
      }
    } catch (IOException | RuntimeException e) {
      fail(e);
    }
  }

  private void read() throws IOException {
    ByteBuffer readBuffer = connections.readBuffer();
    readBuffer.clear();
    int n = channel.read(readBuffer);
    if (n < 0) {
      throw new IOException("connection closed by the broker");
    }
    // A copy: the engine keeps the bytes of a frame cut by the read until the rest arrives.
    engine.ingest(ProtonByteArrayBufferAllocator.allocator().copy(readBuffer.array(), 0, n));
  }

  private void write(ProtonBuffer buffer, Runnable ioComplete) {
    byte[] bytes = new byte[buffer.getReadableBytes()];
    buffer.readBytes(bytes, 0, bytes.length);
    pending.add(ByteBuffer.wrap(bytes));
    try {
      flush();
    } catch (IOException e) {
      fail(e);
    }
    if (ioComplete != null) {
      ioComplete.run();
    }
  }

  private void flush() throws IOException {
    while (!pending.isEmpty()) {
      ByteBuffer head = pending.peek();
      channel.write(head);
      if (head.hasRemaining()) {
        key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
        return;
      }
      pending.poll();
    }
    if (key.isValid()) {
      key.interestOps(SelectionKey.OP_READ);
    }
  }

  void tick(long nowMillis) {
    try {
      connection.tick(nowMillis);
    } catch (RuntimeException e) {
      fail(e);
    }
  }

  private void fail(Throwable e) {
    if (sender != null) {
      sender.fail(Errors.of(config, "sending on idle connection " + index, e));
    }
    connections.stopTicking(this);
    opened.completeExceptionally(
        e instanceof ClosedChannelException ? new IOException("connection closed", e) : e);
    remotelyClosed.complete(null);
    drop();
  }

  /** Forgets the connection and closes its socket, without a goodbye. */
  void drop() {
    connections.stopTicking(this);
    if (channel != null) {
      IdleEngineConnections.closeQuietly(channel);
    }
  }

  /** A sender link on the first session, to {@code spec}'s destination. */
  @Override
  public Producer producer(ProducerSpec spec, SendListener listener) throws DriverException {
    IdleSender opening =
        new IdleSender(
            connections, config, index, config.addressOf(spec.destination()), spec, listener);
    connections.submit(
        () -> {
          sender = opening;
          opening.attach(first);
        });
    connections.await(opening.opened(), this, "opening a sender on idle connection " + index);
    return opening;
  }

  /** Closes the connection and waits for the broker's answer, at most the connect timeout. */
  @Override
  public void close() throws DriverException {
    connections.submit(
        () -> {
          // Closing: no more ticks, and the sender's end is no failure.
          connections.stopTicking(this);
          if (sender != null) {
            sender.close();
          }
          if (connection != null && channel.isOpen()) {
            connection.close();
          } else {
            remotelyClosed.complete(null);
          }
        });
    try {
      remotelyClosed.get(config.connectTimeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException e) {
      // Closed without the broker's answer: the socket goes below either way.
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      connections.submit(this::drop);
    }
  }
}
