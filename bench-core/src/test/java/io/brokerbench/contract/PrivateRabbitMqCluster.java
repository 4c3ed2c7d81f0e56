package io.brokerbench.contract;

import java.io.IOException;

/**
 * Three private RabbitMQ 4.0.5 nodes joined into one cluster by {@code scripts/rabbitmq4.sh
 * cluster}, on their own ports and data directories (management on each port + 10000). Skips the
 * test when 4.0.5 is not prepared, except in CI, where it fails.
 */
public final class PrivateRabbitMqCluster implements AutoCloseable {
  private static final long SCRIPT_SECONDS = 300;

  private final String name;
  private final int port;

  private PrivateRabbitMqCluster(String name, int port) {
    this.name = name;
    this.port = port;
  }

  /** Starts the three nodes {@code name1..name3} on {@code port..port+2}, clustered. */
  public static PrivateRabbitMqCluster start(String name, int port) throws Exception {
    RabbitMq4Script.requirePrepared();
    script("stop-cluster", name);
    if (script("cluster", name, String.valueOf(port)) != 0) {
      throw new IllegalStateException("the RabbitMQ cluster " + name + " did not start");
    }
    return new PrivateRabbitMqCluster(name, port);
  }

  /** The AMQP URI of node {@code i} (0, 1 or 2). */
  public String uri(int i) {
    return "amqp://guest:guest@127.0.0.1:" + (port + i);
  }

  /** Every node's URI, comma-separated. */
  public String uris() {
    return uri(0) + "," + uri(1) + "," + uri(2);
  }

  /** The management API of the first node. */
  public String managementUrl() {
    return "http://127.0.0.1:" + (port + 10_000);
  }

  /** The Erlang name of node {@code i}. */
  public String node(int i) {
    return name + (i + 1) + "@localhost";
  }

  private static int script(String... args) throws IOException, InterruptedException {
    return RabbitMq4Script.run(SCRIPT_SECONDS, args);
  }

  /** Stops the three nodes. */
  @Override
  public void close() throws IOException {
    try {
      script("stop-cluster", name);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
