package io.brokerbench.rabbitmq.testing;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Private RabbitMQ nodes (three 4.0.5 ones unless told otherwise) joined into one cluster by {@code
 * scripts/rabbitmq4.sh cluster}, on their own ports and data directories (management on each port +
 * 10000, Prometheus on each port + 25000). Skips the test when that RabbitMQ cannot run here,
 * except in CI, where it fails.
 */
public final class PrivateRabbitMqCluster implements AutoCloseable {
  private static final long SCRIPT_SECONDS = 300;

  private final String name;
  private final int port;
  private final int nodes;

  private PrivateRabbitMqCluster(String name, int port, int nodes) {
    this.name = name;
    this.port = port;
    this.nodes = nodes;
  }

  /** Starts the three nodes {@code name1..name3} on {@code port..port+2}, clustered. */
  public static PrivateRabbitMqCluster start(String name, int port) throws Exception {
    return start(name, port, 3);
  }

  /**
   * Starts {@code nodes} nodes {@code name1..nameN} on {@code port..port+N-1}, clustered, with the
   * script's options such as {@code --version 3.10} or {@code --conf FILE}.
   */
  public static PrivateRabbitMqCluster start(String name, int port, int nodes, String... options)
      throws Exception {
    RabbitMq4Script.requireVersion(RabbitMq4Script.version(options));
    script("stop-cluster", name);
    List<String> cluster =
        new ArrayList<>(
            List.of("cluster", name, String.valueOf(port), "--nodes", String.valueOf(nodes)));
    cluster.addAll(List.of(options));
    if (script(cluster.toArray(String[]::new)) != 0) {
      throw new IllegalStateException("the RabbitMQ cluster " + name + " did not start");
    }
    return new PrivateRabbitMqCluster(name, port, nodes);
  }

  /** The AMQP URI of node {@code i} (from 0). */
  public String uri(int i) {
    return "amqp://guest:guest@127.0.0.1:" + (port + i);
  }

  /** Every node's URI, comma-separated. */
  public String uris() {
    return IntStream.range(0, nodes).mapToObj(this::uri).collect(Collectors.joining(","));
  }

  /**
   * Runs {@code rabbitmqctl} on node {@code i} (from 0) and returns what it printed.
   *
   * @throws IOException when it failed or took too long
   */
  public String ctl(int i, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("ctl", name + (i + 1)));
    command.addAll(List.of(args));
    return RabbitMq4Script.output(SCRIPT_SECONDS, command.toArray(String[]::new));
  }

  /**
   * Sets a policy through node 0, as {@code rabbitmqctl set_policy NAME PATTERN DEFINITION ARGS…}.
   */
  public void policy(String policy, String pattern, String definitionJson, String... args)
      throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(List.of("policy", name + "1", policy, pattern, definitionJson));
    command.addAll(List.of(args));
    if (script(command.toArray(String[]::new)) != 0) {
      throw new IllegalStateException("could not set policy " + policy + " on " + name);
    }
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

  /** Stops the nodes. */
  @Override
  public void close() throws IOException {
    try {
      script("stop-cluster", name);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
