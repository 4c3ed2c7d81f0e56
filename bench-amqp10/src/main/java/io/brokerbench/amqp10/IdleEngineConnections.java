package io.brokerbench.amqp10;

import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.IdleConnection;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.SendListener;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.impl.ProtonByteArrayBufferAllocator;
import org.apache.qpid.protonj2.engine.Connection;
import org.apache.qpid.protonj2.engine.Engine;
import org.apache.qpid.protonj2.engine.EngineFactory;
import org.apache.qpid.protonj2.engine.OutgoingDelivery;
import org.apache.qpid.protonj2.engine.Sender;
import org.apache.qpid.protonj2.engine.Session;

/**
 * The idle connections of a many-connections run: AMQP 1.0 connections with their sessions, each a
 * protonj2 engine over a non-blocking socket, all served by one selector thread (an {@link
 * EngineConnection} has a reader and a ticker thread of its own, too many for tens of thousands).
 * Every engine call happens on that thread; openers hand it their work and wait for the result.
 * Once a second the thread ticks every engine, which sends the empty frames the broker's idle
 * timeout asks for.
 */
final class IdleEngineConnections implements AutoCloseable {
  private static final long TICK_MILLIS = 1_000;
  private static final int READ_BUFFER_BYTES = 64 * 1024;

  private final Amqp10Config config;
  private final Selector selector;
  private final Thread loop;
  private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
  private final Set<Idle> live = ConcurrentHashMap.newKeySet();
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
    Idle c = new Idle(index, sessions);
    submit(c::connect);
    await(c.opened, c, "opening an idle connection");
    return c;
  }

  private void await(CompletableFuture<Void> step, Idle c, String what) throws DriverException {
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

  private void submit(Runnable task) {
    tasks.add(task);
    selector.wakeup();
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
        ((Idle) key.attachment()).ready(key);
      }
      selector.selectedKeys().clear();
      long now = System.nanoTime();
      if (now - nextTick >= 0) {
        nextTick = now + TimeUnit.MILLISECONDS.toNanos(TICK_MILLIS);
        for (Idle c : live) {
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

  private static void closeQuietly(SocketChannel channel) {
    try {
      channel.close();
    } catch (IOException e) {
      // Already gone.
    }
  }

  /** One idle connection; every method but {@link #close} runs on the selector thread. */
  private final class Idle implements IdleConnection {
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

    Idle(int index, int sessions) {
      this.index = index;
      this.sessions = sessions;
    }

    void connect() {
      try {
        channel = SocketChannel.open();
        channel.configureBlocking(false);
        channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        boolean connected = channel.connect(new InetSocketAddress(config.host(), config.port()));
        key = channel.register(selector, connected ? 0 : SelectionKey.OP_CONNECT, this);
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
                    live.add(this);
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
        sender.link.fail(Errors.of(config, "sending on idle connection " + index, e));
      }
      live.remove(this);
      opened.completeExceptionally(
          e instanceof ClosedChannelException ? new IOException("connection closed", e) : e);
      remotelyClosed.complete(null);
      drop();
    }

    /** Forgets the connection and closes its socket, without a goodbye. */
    void drop() {
      live.remove(this);
      if (channel != null) {
        closeQuietly(channel);
      }
    }

    /** A sender link on the first session, to {@code spec}'s destination. */
    @Override
    public Producer producer(ProducerSpec spec, SendListener listener) throws DriverException {
      IdleSender opening =
          new IdleSender(this, config.addressOf(spec.destination()), spec, listener);
      submit(() -> opening.attach(first));
      await(opening.link.attach(), this, "opening a sender on idle connection " + index);
      return opening;
    }

    /** Closes the connection and waits for the broker's answer, at most the connect timeout. */
    @Override
    public void close() throws DriverException {
      submit(
          () -> {
            // Closing: no more ticks, and the sender's end is no failure.
            live.remove(this);
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
        submit(this::drop);
      }
    }
  }

  /**
   * The sender of a held connection with a light per-connection rate. The producer thread encodes
   * each message and hands a copy to the selector thread, which sends it as the next delivery once
   * the link has credit and confirms it when the broker settles it. Per message that is a copy and
   * a task: fine at a light rate, which is what this is for (the run's own producers have their own
   * connections and the allocation-free path).
   */
  private final class IdleSender implements Producer {
    private final Idle idle;
    private final String address;
    private final SendListener listener;
    private final MessageEncoder encoder;
    private final SettlementRing<OutgoingDelivery> ring;
    private final LinkFailure link;
    // Selector thread: sends waiting for credit, and the link.
    private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
    private Sender sender;
    private OutgoingDelivery partial;
    private ProtonBuffer partialPayload;

    private record Waiting(long sequence, byte[] bytes) {}

    IdleSender(Idle idle, String address, ProducerSpec spec, SendListener listener) {
      this.idle = idle;
      this.address = address;
      this.listener = listener;
      this.link = new LinkFailure(listener::onFailure);
      this.encoder = encoders.computeIfAbsent(spec.persistent(), MessageEncoder::new);
      this.ring =
          spec.confirms() && !config.presettled()
              ? new SettlementRing<>(spec.inFlightWindow(), SettlementRing.DELIVERIES)
              : null;
    }

    /** Selector thread: opens the link on {@code session}. */
    void attach(Session session) {
      idle.sender = this;
      sender =
          EngineProducer.configure(
              session.sender("brokerbench-idle-sender-" + idle.index),
              address,
              encoder.durable(),
              ring == null);
      sender.openHandler(
          s -> {
            if (s.getRemoteTarget() != null) {
              link.attached();
            }
          });
      sender.detachHandler(
          s ->
              link.fail(
                  Errors.closedByBroker(
                      config, "detached the sender link to " + address, s.getRemoteCondition())));
      sender.closeHandler(
          s ->
              link.fail(
                  Errors.closedByBroker(
                      config, "closed the sender link to " + address, s.getRemoteCondition())));
      sender.creditStateUpdateHandler(s -> sendWaiting());
      sender.deliveryStateUpdatedHandler(
          delivery -> {
            if (delivery.isRemotelySettled()) {
              delivery.settle();
              ring.reportSettled(listener);
            }
          });
      sender.open();
    }

    @Override
    public boolean trySend(OutgoingMessage message) throws DriverException {
      DriverException failed = link.failure();
      if (failed != null) {
        throw failed;
      }
      byte[] bytes;
      synchronized (encoder) {
        ProtonBuffer payload = encoder.encode(message);
        bytes = new byte[payload.getReadableBytes()];
        payload.readBytes(bytes, 0, bytes.length);
      }
      Waiting send = new Waiting(message.sequence(), bytes);
      submit(
          () -> {
            waiting.add(send);
            sendWaiting();
          });
      return true;
    }

    /** Selector thread: sends what waits, as far as the link's credit goes. */
    private void sendWaiting() {
      try {
        if (partial != null) {
          partial.streamBytes(partialPayload, true);
          if (partialPayload.isReadable()) {
            return;
          }
          partial = null;
          partialPayload = null;
        }
        while (!waiting.isEmpty() && sender.isSendable()) {
          Waiting next = waiting.poll();
          ProtonBuffer payload = ProtonByteArrayBufferAllocator.wrapped(next.bytes());
          OutgoingDelivery delivery =
              EngineProducer.deliver(
                  sender, ring == null, payload, next.sequence(), ring, listener);
          if (payload.isReadable()) {
            // The session window cut it short: the rest goes first next time.
            partial = delivery;
            partialPayload = payload;
            return;
          }
        }
      } catch (RuntimeException e) {
        link.fail(Errors.of(config, "sending to " + address, e));
      }
    }

    @Override
    public void close() {
      link.close();
      // The link goes with its connection, which the run closes next.
    }
  }
}
