package io.brokerbench.embedded.qpid;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.qpid.server.SystemLauncher;
import org.apache.qpid.server.SystemLauncherListener;
import org.apache.qpid.server.model.AuthenticationProvider;
import org.apache.qpid.server.model.Broker;
import org.apache.qpid.server.model.KeyStore;
import org.apache.qpid.server.model.Port;
import org.apache.qpid.server.model.State;
import org.apache.qpid.server.model.SystemConfig;
import org.apache.qpid.server.model.TrustStore;
import org.apache.qpid.server.model.port.AmqpPort;
import org.apache.qpid.server.security.FileKeyStore;
import org.apache.qpid.server.security.FileTrustStore;
import org.apache.qpid.server.security.auth.manager.ExternalAuthenticationManager;

/**
 * Apache Qpid Broker-J running inside this process: a memory store, one port on 127.0.0.1 chosen by
 * the operating system, serving AMQP 0-9-1 and AMQP 1.0, one user, and on request two TLS ports
 * whose certificates come from a test certificate authority generated at start ({@link
 * #startWithTls()}): one authenticating with the user's password, one requiring a client
 * certificate (SASL EXTERNAL). It lets a protocol adapter run without an external broker; the
 * broker shares the generator's CPU, so its figures are smoke figures, not broker benchmarks.
 *
 * <pre>{@code
 * try (EmbeddedQpidBroker broker = EmbeddedQpidBroker.start()) {
 *   String uri = "amqp://" + broker.username() + ":" + broker.password()
 *       + "@" + broker.host() + ":" + broker.port();
 *   // connect with any AMQP 0-9-1 or 1.0 client; queues AMQP 1.0 senders name are created
 * }
 * }</pre>
 *
 * <p>With TLS, a client trusts {@link ClientTls#trustStore()} and, on {@link
 * #clientCertificatePort()}, presents {@link ClientTls#keyStore()}:
 *
 * <pre>{@code
 * try (EmbeddedQpidBroker broker = EmbeddedQpidBroker.startWithTls()) {
 *   ClientTls tls = broker.clientTls();
 *   // amqps://127.0.0.1:{broker.clientCertificatePort()} with SASL EXTERNAL, key store
 *   // tls.keyStore(), trust store tls.trustStore(): authenticated as tls.user()
 * }
 * }</pre>
 *
 * <p>Implementation notes: the broker reports start-up failures only to its {@link
 * SystemLauncherListener}, so the listener keeps the first error and {@link #start()} also checks
 * that the port reached {@link State#ACTIVE}. The broker's threads are not daemons: {@link
 * #close()} must be called (in a {@code finally}) or the JVM does not exit. Its thread pools are
 * trimmed (2 I/O threads, 1 selector, 4 connection threads, 1 housekeeping thread) because the load
 * generator needs the cores.
 */
public final class EmbeddedQpidBroker implements AutoCloseable {
  private static final String CONFIG = "embedded-broker.json";
  private static final String HOST = "127.0.0.1";
  private static final String USER = "guest";
  private static final String PASSWORD = "guest";
  private static final String PLAIN_PORT = "AMQP";
  private static final String TLS_PORT = "AMQPS";
  private static final String CLIENT_CERTIFICATE_PORT = "AMQPS_CLIENT_CERTIFICATE";
  private static final String PLAIN_PROVIDER = "plain";
  private static final String EXTERNAL_PROVIDER = "external";
  private static final String SERVER_KEY_STORE = "server";
  private static final String CLIENT_TRUST_STORE = "client-ca";
  private static final String CLIENT_CERTIFICATE_USER = "brokerbench-client";

  private final SystemLauncher launcher;
  private final Path workDir;
  private final int port;
  private final int tlsPort;
  private final int clientCertificatePort;
  private final TestPki pki;
  private boolean closed;

  private EmbeddedQpidBroker(
      SystemLauncher launcher,
      Path workDir,
      int port,
      int tlsPort,
      int clientCertificatePort,
      TestPki pki) {
    this.launcher = launcher;
    this.workDir = workDir;
    this.port = port;
    this.tlsPort = tlsPort;
    this.clientCertificatePort = clientCertificatePort;
    this.pki = pki;
  }

  /**
   * Starts a broker and waits until its port accepts connections (about a second and a half).
   *
   * @throws IllegalStateException when the broker does not start, with the broker's reason
   */
  public static EmbeddedQpidBroker start() {
    return start(false);
  }

  /**
   * Starts a broker that also listens for TLS connections: on {@link #tlsPort()} with the user's
   * password (PLAIN), and on {@link #clientCertificatePort()} only from clients presenting a
   * certificate of the test authority, authenticated by SASL EXTERNAL as the certificate's common
   * name. The authority, the broker's certificate (for 127.0.0.1 and localhost) and a client
   * certificate are generated at start ({@link #clientTls()}); clients must trust the authority
   * explicitly, or trust all.
   *
   * @throws IllegalStateException when the broker does not start, with the broker's reason
   */
  public static EmbeddedQpidBroker startWithTls() {
    return start(true);
  }

  private static EmbeddedQpidBroker start(boolean tls) {
    Path workDir;
    try {
      workDir = Files.createTempDirectory("brokerbench-qpid-");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the embedded broker's work directory", e);
    }
    StartupListener listener = new StartupListener();
    SystemLauncher launcher = new SystemLauncher(listener);
    boolean started = false;
    try {
      launcher.startup(launchAttributes(workDir));
      if (listener.error != null) {
        throw listener.error;
      }
      Broker<?> broker = broker(listener);
      keepThroughSignals(broker);
      TestPki pki = null;
      if (tls) {
        pki = TestPki.create(workDir.resolve("tls"), CLIENT_CERTIFICATE_USER);
        addTlsPorts(broker, pki);
      }
      EmbeddedQpidBroker embedded =
          new EmbeddedQpidBroker(
              launcher,
              workDir,
              boundPort(broker, PLAIN_PORT),
              tls ? boundPort(broker, TLS_PORT) : -1,
              tls ? boundPort(broker, CLIENT_CERTIFICATE_PORT) : -1,
              pki);
      started = true;
      return embedded;
    } catch (IllegalStateException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException("embedded Qpid broker did not start: " + e.getMessage(), e);
    } finally {
      if (!started) {
        shutdownQuietly(launcher);
        deleteQuietly(workDir);
      }
    }
  }

  /**
   * Removes the shutdown hook Qpid registers when the broker opens ({@code BrokerImpl}'s private
   * {@code _shutdownHook}, which stops it at once): on Ctrl-C or SIGTERM the run that uses this
   * broker must still finish, print and write its results within the signal's grace, then {@link
   * #close()} it. Where the field is not there (another Qpid version) the hook stays.
   */
  private static void keepThroughSignals(Broker<?> broker) {
    for (Class<?> type = broker.getClass(); type != null; type = type.getSuperclass()) {
      try {
        java.lang.reflect.Field field = type.getDeclaredField("_shutdownHook");
        field.setAccessible(true);
        if (field.get(broker) instanceof Thread hook) {
          Runtime.getRuntime().removeShutdownHook(hook);
        }
        return;
      } catch (NoSuchFieldException e) {
        // Declared higher up (the broker's class may be a generated subclass).
      } catch (ReflectiveOperationException | RuntimeException e) {
        // Qpid's hook stays: a signal then stops the broker before the run's summary.
        return;
      }
    }
  }

  private static void addTlsPorts(Broker<?> broker, TestPki pki) {
    Map<String, Object> keyStore = new HashMap<>();
    keyStore.put(KeyStore.NAME, SERVER_KEY_STORE);
    keyStore.put(KeyStore.TYPE, "FileKeyStore");
    keyStore.put(FileKeyStore.STORE_URL, pki.serverKeyStore().toString());
    keyStore.put(FileKeyStore.PASSWORD, pki.password());
    keyStore.put(FileKeyStore.KEY_STORE_TYPE, "PKCS12");
    broker.createChild(KeyStore.class, keyStore);
    broker.createChild(Port.class, tlsPort(TLS_PORT, PLAIN_PROVIDER));

    Map<String, Object> trustStore = new HashMap<>();
    trustStore.put(TrustStore.NAME, CLIENT_TRUST_STORE);
    trustStore.put(TrustStore.TYPE, "FileTrustStore");
    trustStore.put(FileTrustStore.STORE_URL, pki.trustStore().toString());
    trustStore.put(FileTrustStore.PASSWORD, pki.password());
    trustStore.put(FileTrustStore.TRUST_STORE_TYPE, "PKCS12");
    broker.createChild(TrustStore.class, trustStore);
    Map<String, Object> external = new HashMap<>();
    external.put(AuthenticationProvider.NAME, EXTERNAL_PROVIDER);
    external.put(AuthenticationProvider.TYPE, ExternalAuthenticationManager.PROVIDER_TYPE);
    // The certificate's common name is the user, not its whole distinguished name.
    external.put(ExternalAuthenticationManager.ATTRIBUTE_USE_FULL_DN, false);
    broker.createChild(AuthenticationProvider.class, external);
    Map<String, Object> port = tlsPort(CLIENT_CERTIFICATE_PORT, EXTERNAL_PROVIDER);
    port.put(Port.TRUST_STORES, List.of(CLIENT_TRUST_STORE));
    port.put(Port.NEED_CLIENT_AUTH, true);
    broker.createChild(Port.class, port);
  }

  private static Map<String, Object> tlsPort(String name, String authenticationProvider) {
    Map<String, Object> port = new HashMap<>();
    port.put(Port.NAME, name);
    port.put(Port.PORT, 0);
    port.put(Port.BINDING_ADDRESS, HOST);
    port.put(Port.TRANSPORTS, List.of("SSL"));
    port.put(Port.KEY_STORE, SERVER_KEY_STORE);
    port.put(Port.PROTOCOLS, List.of("AMQP_0_9_1", "AMQP_1_0"));
    port.put(Port.AUTHENTICATION_PROVIDER, authenticationProvider);
    port.put(AmqpPort.THREAD_POOL_SIZE, 2);
    port.put(AmqpPort.NUMBER_OF_SELECTORS, 1);
    return port;
  }

  private static Map<String, Object> launchAttributes(Path workDir) {
    URL config = EmbeddedQpidBroker.class.getResource(CONFIG);
    if (config == null) {
      throw new IllegalStateException("missing resource " + CONFIG);
    }
    Map<String, String> context = new HashMap<>();
    context.put(SystemConfig.QPID_WORK_DIR, workDir.toString());
    context.put("brokerbench.user", USER);
    context.put("brokerbench.password", PASSWORD);
    Map<String, Object> attributes = new HashMap<>();
    attributes.put(SystemConfig.TYPE, "Memory");
    attributes.put(SystemConfig.INITIAL_CONFIGURATION_LOCATION, config.toExternalForm());
    attributes.put(SystemConfig.STARTUP_LOGGED_TO_SYSTEM_OUT, false);
    attributes.put(SystemConfig.CONTEXT, context);
    return attributes;
  }

  private static Broker<?> broker(StartupListener listener) {
    SystemConfig<?> system = listener.system;
    if (system == null) {
      throw new IllegalStateException("embedded Qpid broker did not start: no broker was created");
    }
    return (Broker<?>) system.getContainer();
  }

  private static int boundPort(Broker<?> broker, String name) {
    for (Port<?> port : broker.getChildren(Port.class)) {
      if (!port.getName().equals(name)) {
        continue;
      }
      if (port.getState() != State.ACTIVE) {
        throw new IllegalStateException(
            "embedded Qpid broker did not start: port "
                + name
                + " is "
                + port.getState()
                + " (see the broker's log)");
      }
      return port.getBoundPort();
    }
    throw new IllegalStateException("embedded Qpid broker did not start: it has no port " + name);
  }

  /** The address the broker listens on, always the loopback address. */
  public String host() {
    return HOST;
  }

  /** The TCP port, chosen by the operating system at start. */
  public int port() {
    return port;
  }

  /**
   * The TLS port authenticating with the user's password, when started {@link #startWithTls() with
   * TLS}, else -1.
   */
  public int tlsPort() {
    return tlsPort;
  }

  /**
   * The TLS port that requires a client certificate signed by the test authority and authenticates
   * with SASL EXTERNAL as its common name, when started {@link #startWithTls() with TLS}, else -1.
   */
  public int clientCertificatePort() {
    return clientCertificatePort;
  }

  /**
   * The trust store and client key store for the TLS ports.
   *
   * @throws IllegalStateException when the broker was not started {@link #startWithTls() with TLS}
   */
  public ClientTls clientTls() {
    if (pki == null) {
      throw new IllegalStateException("the embedded broker was started without TLS");
    }
    return new ClientTls(
        pki.trustStore(), pki.password(), pki.clientKeyStore(), pki.password(), pki.clientUser());
  }

  /** The one user the broker knows (PLAIN authentication, allowed without TLS). */
  public String username() {
    return USER;
  }

  /** That user's password. */
  public String password() {
    return PASSWORD;
  }

  /** Stops the broker, its threads and deletes its work directory. Idempotent. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      launcher.shutdown();
    } catch (IllegalStateException e) {
      // Already stopped (by Qpid's own shutdown hook, where it could not be removed).
    } finally {
      deleteQuietly(workDir);
    }
  }

  private static void shutdownQuietly(SystemLauncher launcher) {
    try {
      launcher.shutdown();
    } catch (RuntimeException e) {
      // Already failing to start: the start-up error is the one worth reporting.
    }
  }

  private static void deleteQuietly(Path dir) {
    try {
      Files.walkFileTree(
          dir,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
                throws IOException {
              Files.delete(file);
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
              Files.delete(d);
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      // A temporary directory left behind harms nothing.
    }
  }

  /** Keeps what the broker reports during start-up, which it reports nowhere else. */
  private static final class StartupListener
      extends SystemLauncherListener.DefaultSystemLauncherListener {
    private volatile RuntimeException error;
    private volatile SystemConfig<?> system;

    @Override
    public void errorOnStartup(RuntimeException e) {
      if (error == null) {
        error = e;
      }
    }

    @Override
    public void onContainerResolve(SystemConfig<?> systemConfig) {
      system = systemConfig;
    }
  }
}
