package io.brokerbench.rocketmq;

import io.brokerbench.contract.RequiredBroker;
import io.brokerbench.rocketmq.embedded.EmbeddedRocketMq;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The RocketMQ cluster the integration tests use: the one named by {@value #ENV}, or else an
 * embedded name server and broker started once for the whole test run (the first test class that
 * needs it starts it; JUnit closes it when the run ends).
 *
 * <pre>{@code
 * @ExtendWith(RocketMqBroker.class)
 * class SomeIT {
 *   @Test void t() { String namesrv = RocketMqBroker.nameServer(); }
 * }
 * }</pre>
 */
public final class RocketMqBroker implements BeforeAllCallback {
  /** Environment variable naming an existing cluster's name server, {@code host:port}. */
  public static final String ENV = "BROKERBENCH_ROCKETMQ_NAMESRV";

  private static volatile String nameServer;
  private static volatile EmbeddedRocketMq embedded;

  @Override
  public void beforeAll(ExtensionContext context) {
    String external = System.getenv(ENV);
    if (external != null && !external.isBlank()) {
      nameServer = external.trim();
      return;
    }
    Holder holder =
        context
            .getRoot()
            .getStore(ExtensionContext.Namespace.GLOBAL)
            .getOrComputeIfAbsent(Holder.class, k -> new Holder(), Holder.class);
    RequiredBroker.require(
        holder.mq != null, "embedded RocketMQ (" + holder.failure + "); or set " + ENV);
    embedded = holder.mq;
    nameServer = holder.mq.nameServerAddress();
  }

  /** The name server address of the cluster under test. */
  public static String nameServer() {
    return nameServer;
  }

  /** The embedded cluster, or null when {@value #ENV} names an external one. */
  public static EmbeddedRocketMq embedded() {
    return embedded;
  }

  /** Starts the embedded cluster once and stops it when the test run ends. */
  private static final class Holder implements ExtensionContext.Store.CloseableResource {
    private final EmbeddedRocketMq mq;
    private final String failure;

    Holder() {
      EmbeddedRocketMq started = null;
      String reason = null;
      try {
        started = EmbeddedRocketMq.start(EmbeddedRocketMq.Settings.DEFAULTS);
      } catch (RuntimeException e) {
        reason = e.getMessage();
      }
      this.mq = started;
      this.failure = reason;
    }

    @Override
    public void close() {
      if (mq != null) {
        mq.close();
      }
    }
  }
}
