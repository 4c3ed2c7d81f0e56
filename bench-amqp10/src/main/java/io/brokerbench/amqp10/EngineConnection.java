package io.brokerbench.amqp10;

import io.brokerbench.spi.DriverException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.security.Principal;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.impl.ProtonByteArrayBufferAllocator;
import org.apache.qpid.protonj2.engine.Connection;
import org.apache.qpid.protonj2.engine.Engine;
import org.apache.qpid.protonj2.engine.EngineFactory;
import org.apache.qpid.protonj2.engine.exceptions.IdleTimeoutException;
import org.apache.qpid.protonj2.engine.sasl.client.SaslAuthenticator;
import org.apache.qpid.protonj2.engine.sasl.client.SaslCredentialsProvider;
import org.apache.qpid.protonj2.engine.sasl.client.SaslMechanismSelector;
import org.apache.qpid.protonj2.types.transport.ErrorCondition;

/**
 * One AMQP 1.0 connection driven by the protonj2 engine directly, over a blocking socket: no client
 * event loop, no future per message.
 *
 * <pre>{@code
 * EngineConnection c = EngineConnection.open(config, tls, "producer-0");
 * c.lock(); try { ... engine calls ... } finally { c.unlockAndFlush(); }
 * }</pre>
 *
 * <p>Implementation notes: the engine is single-threaded, so every call into it happens under
 * {@link #lock()}: the producer's thread sends under it, and this connection's reader thread
 * ingests what the socket delivers under it (the engine's handlers — settlements, deliveries — run
 * there). The engine's output is copied into a staging array and written to the socket once, when
 * the lock is released, so a burst of frames costs one system call (a producer may leave its sends
 * staged for the next release, see {@link #unlockDeferringWrite()}). A ticker thread sends the
 * empty frames the broker's idle timeout asks for and ends a connection the broker stopped
 * answering (our {@code idle-timeout}).
 */
final class EngineConnection implements AutoCloseable {
  private static final int READ_BUFFER_BYTES = 64 * 1024;
  private static final int WRITE_BATCH_BYTES = 16 * 1024;
  private static final long TICK_MILLIS = 1_000;

  private final Amqp10Config config;
  private final Socket socket;
  private final OutputStream out;
  private final Engine engine;
  private final Connection connection;
  private final ReentrantLock lock = new ReentrantLock();
  private final CompletableFuture<Void> opened = new CompletableFuture<>();
  private final List<Consumer<DriverException>> failureListeners = new CopyOnWriteArrayList<>();
  private final Thread reader;
  private byte[] staged = new byte[64 * 1024];
  private int stagedBytes;
  private volatile DriverException failure;
  private volatile boolean closing;
  private volatile String purpose = Errors.CONNECTING;

  private EngineConnection(Amqp10Config config, Socket socket, String name) throws IOException {
    this.config = config;
    this.socket = socket;
    this.out = socket.getOutputStream();
    this.engine = EngineFactory.PROTON.createEngine();
    engine.outputHandler(this::stage);
    engine.errorHandler(e -> fail(engineFailure()));
    authenticate(engine, config, credentials());
    this.connection = engine.connection();
    connection.setContainerId("brokerbench-" + name);
    connection.setIdleTimeout(TimeUnit.SECONDS.toMillis(config.idleTimeoutSeconds()));
    connection.setHostname(config.virtualHost() != null ? config.virtualHost() : config.host());
    connection.openHandler(c -> opened.complete(null));
    connection.closeHandler(
        c -> fail(closedByBroker("closed the connection", c.getRemoteCondition())));
    this.reader = new Thread(this::readLoop, "brokerbench-amqp10-io-" + name);
    reader.setDaemon(true);
  }

  /**
   * Connects, authenticates and opens the AMQP connection, reading the TLS stores when the config
   * asks for TLS.
   *
   * @throws DriverException naming host and port when the broker cannot be reached or refuses, or
   *     naming a TLS store that cannot be read
   */
  static EngineConnection open(Amqp10Config config, String name) throws DriverException {
    return open(config, config.tls() ? config.stores().sslContext() : null, name);
  }

  /**
   * Connects (over TLS with {@code tls} unless it is null), authenticates and opens the AMQP
   * connection.
   *
   * @throws DriverException naming host and port when the broker cannot be reached or refuses
   */
  static EngineConnection open(Amqp10Config config, SSLContext tls, String name)
      throws DriverException {
    Socket socket = null;
    try {
      socket = tls != null ? tls.getSocketFactory().createSocket() : new Socket();
      socket.setTcpNoDelay(true);
      socket.connect(
          new InetSocketAddress(config.host(), config.port()),
          (int) config.connectTimeout().toMillis());
      if (socket instanceof SSLSocket ssl) {
        if (config.verifyHost()) {
          SSLParameters parameters = ssl.getSSLParameters();
          parameters.setEndpointIdentificationAlgorithm("HTTPS");
          ssl.setSSLParameters(parameters);
        }
        ssl.startHandshake();
      }
      EngineConnection c = new EngineConnection(config, socket, name);
      c.start();
      return c;
    } catch (IOException e) {
      closeQuietly(socket);
      throw Errors.whileDoing(config, Errors.CONNECTING, e);
    }
  }

  private void start() throws DriverException {
    lock.lock();
    try {
      engine.start().open();
    } finally {
      unlockAndFlush();
    }
    reader.start();
    await(opened, "opening the connection");
    if (connection.getRemoteIdleTimeout() > 0 || connection.getIdleTimeout() > 0) {
      Thread ticker = new Thread(this::tickLoop, reader.getName() + "-tick");
      ticker.setDaemon(true);
      ticker.start();
    }
  }

  private SaslCredentialsProvider credentials() {
    // SASL EXTERNAL applies only with a client certificate.
    return credentials(
        config,
        () -> connection.getHostname(),
        () -> socket instanceof SSLSocket ssl ? ssl.getSession().getLocalPrincipal() : null);
  }

  /**
   * Makes {@code engine} authenticate with the config's SASL mechanisms (any the broker offers when
   * none are configured and there is no user) and credentials.
   */
  static void authenticate(
      Engine engine, Amqp10Config config, SaslCredentialsProvider credentials) {
    Set<String> allowed = new HashSet<>(config.allowedSaslMechanisms());
    engine
        .saslDriver()
        .client()
        .setListener(
            new SaslAuthenticator(
                allowed.isEmpty()
                    ? new SaslMechanismSelector()
                    : new SaslMechanismSelector(allowed),
                credentials));
  }

  /** The config's user and password, for the virtual host and local principal given. */
  static SaslCredentialsProvider credentials(
      Amqp10Config config, Supplier<String> vhost, Supplier<Principal> localPrincipal) {
    return new SaslCredentialsProvider() {
      @Override
      public String vhost() {
        return vhost.get();
      }

      @Override
      public String username() {
        return config.user();
      }

      @Override
      public String password() {
        return config.password();
      }

      @Override
      public Principal localPrincipal() {
        return localPrincipal.get();
      }
    };
  }

  /** The engine's connection; use only under {@link #lock()}. */
  Connection connection() {
    return connection;
  }

  /** Takes the engine lock. */
  void lock() {
    lock.lock();
  }

  /** Writes what the engine produced while locked, then releases the lock. */
  void unlockAndFlush() {
    try {
      if (stagedBytes > 0 && failure == null) {
        out.write(staged, 0, stagedBytes);
      }
    } catch (IOException e) {
      fail(Errors.whileDoing(config, purpose, e));
    } finally {
      stagedBytes = 0;
      lock.unlock();
    }
  }

  /**
   * Releases the lock and leaves what the engine produced staged for a later {@link
   * #unlockAndFlush()} (any thread's), unless a socket write's worth has gathered: a producer's
   * burst of sends then costs one system call, not one each.
   */
  void unlockDeferringWrite() {
    if (stagedBytes >= WRITE_BATCH_BYTES) {
      unlockAndFlush();
    } else {
      lock.unlock();
    }
  }

  /** What this connection is for, such as "sending to /amq/queue/q", for failure messages. */
  void purpose(String purpose) {
    this.purpose = purpose;
  }

  /** Called with the failure when the connection fails; any thread. */
  void onFailure(Consumer<DriverException> listener) {
    failureListeners.add(listener);
  }

  /** The failure that ended this connection, or null. */
  DriverException failure() {
    return failure;
  }

  /** Waits (not holding the lock) for a set-up step the reader thread completes. */
  <T> T await(CompletableFuture<T> step, String what) throws DriverException {
    try {
      return step.get(config.connectTimeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof DriverException d ? d : Errors.of(config, what, e.getCause());
    } catch (TimeoutException e) {
      DriverException f = failure;
      throw f != null ? f : Errors.of(config, what, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DriverException("interrupted " + what, e);
    }
  }

  private void stage(ProtonBuffer buffer, Runnable ioComplete) {
    int n = buffer.getReadableBytes();
    if (stagedBytes + n > staged.length) {
      staged = java.util.Arrays.copyOf(staged, Math.max(staged.length * 2, stagedBytes + n));
    }
    buffer.readBytes(staged, stagedBytes, n);
    stagedBytes += n;
    if (ioComplete != null) {
      ioComplete.run();
    }
  }

  private void readLoop() {
    byte[] buffer = new byte[READ_BUFFER_BYTES];
    try {
      InputStream in = socket.getInputStream();
      int n;
      while ((n = in.read(buffer)) > 0) {
        lock.lock();
        try {
          // A copy: the engine keeps the bytes of a frame cut by the read until the rest
          // arrives, so the read array cannot be wrapped and reused.
          engine.ingest(ProtonByteArrayBufferAllocator.allocator().copy(buffer, 0, n));
        } finally {
          unlockAndFlush();
        }
      }
      if (!closing) {
        fail(
            Errors.whileDoing(config, purpose, new IOException("connection closed by the broker")));
      }
    } catch (IOException | RuntimeException e) {
      if (!closing) {
        fail(
            e instanceof RuntimeException && engine.isFailed()
                ? engineFailure()
                : Errors.whileDoing(config, purpose, e));
      }
    }
  }

  /**
   * Ticks the engine until the connection ends: it sends the empty frames the broker's idle timeout
   * asks for, and fails the connection when the broker sent nothing for our idle timeout.
   */
  private void tickLoop() {
    long deadline = 0;
    while (!closing && failure == null) {
      long now = System.nanoTime() / 1_000_000;
      // The engine names its next deadline; a second at most, so a close is noticed soon.
      long wait = deadline == 0 ? TICK_MILLIS : Math.min(TICK_MILLIS, Math.max(1, deadline - now));
      try {
        Thread.sleep(wait);
      } catch (InterruptedException e) {
        return;
      }
      lock.lock();
      try {
        deadline = connection.tick(System.nanoTime() / 1_000_000);
      } catch (RuntimeException e) {
        return;
      } finally {
        unlockAndFlush();
      }
    }
  }

  private DriverException engineFailure() {
    ErrorCondition remote = connection.getRemoteCondition();
    if (remote != null) {
      return closedByBroker("closed the connection", remote);
    }
    Throwable cause = engine.failureCause();
    if (cause instanceof IdleTimeoutException) {
      return new DriverException(
          "lost the connection to "
              + config.hostPort()
              + ": the broker sent nothing for "
              + config.idleTimeoutSeconds()
              + " s (idle-timeout): it froze, or the network between us dropped",
          cause);
    }
    String text = cause != null ? String.valueOf(cause.getMessage()) : "engine failed";
    if (text.toLowerCase(java.util.Locale.ROOT).contains("sasl")) {
      return new DriverException(
          "authentication failed at "
              + config.hostPort()
              + (config.user() != null ? " as user '" + config.user() + "'" : "")
              + ": "
              + text
              + " (check user, password and sasl-mechanisms)",
          cause);
    }
    return new DriverException("AMQP 1.0 failure at " + config.hostPort() + ": " + text, cause);
  }

  /** A failure for an error condition the broker sent when closing something. */
  DriverException closedByBroker(String what, ErrorCondition condition) {
    return Errors.closedByBroker(config, what, condition);
  }

  /** Ends the connection with a failure; listeners hear of it once. Any thread. */
  void fail(DriverException e) {
    synchronized (this) {
      if (failure != null || closing) {
        return;
      }
      failure = e;
    }
    opened.completeExceptionally(e);
    for (Consumer<DriverException> listener : failureListeners) {
      listener.accept(e);
    }
    closeQuietly(socket);
  }

  @Override
  public void close() {
    if (closing) {
      return;
    }
    closing = true;
    if (failure == null) {
      lock.lock();
      try {
        connection.close();
      } catch (RuntimeException e) {
        // engine already failed: just drop the socket
      } finally {
        unlockAndFlush();
      }
    }
    closeQuietly(socket);
    try {
      reader.join(1_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    lock.lock();
    try {
      engine.shutdown();
    } catch (RuntimeException e) {
      // already shut down
    } finally {
      lock.unlock();
    }
  }

  private static void closeQuietly(Socket socket) {
    if (socket != null) {
      try {
        socket.close();
      } catch (IOException e) {
        // closing anyway
      }
    }
  }
}
