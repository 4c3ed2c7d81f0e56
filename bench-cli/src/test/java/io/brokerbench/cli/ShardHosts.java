package io.brokerbench.cli;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Where the shard processes of a test run: each in its own network namespace with its own address
 * (10.231.I.2, its host side 10.231.I.1) where the machine allows it (root and {@code ip}), else
 * all as plain processes on 127.0.0.1. In namespaces, a relay on each host-side address forwards
 * the broker's port to the broker on 127.0.0.1.
 */
final class ShardHosts implements AutoCloseable {
  private static final String PREFIX = "bbshard";

  private final int count;
  private final boolean namespaces;
  private final List<TcpRelay> relays = new ArrayList<>();

  private ShardHosts(int count, boolean namespaces) {
    this.count = count;
    this.namespaces = namespaces;
  }

  /**
   * Hosts for {@code count} shards, relaying {@code brokerPort} on 127.0.0.1 into their namespaces.
   */
  static ShardHosts create(int count, int brokerPort) throws IOException {
    for (int i = 0; i < count; i++) {
      removeNamespace(i);
    }
    boolean namespaces = true;
    for (int i = 0; i < count && namespaces; i++) {
      namespaces = createNamespace(i);
    }
    ShardHosts hosts = new ShardHosts(count, namespaces);
    if (!namespaces) {
      hosts.close();
      return new ShardHosts(count, false);
    }
    for (int i = 0; i < count; i++) {
      hosts.relays.add(
          new TcpRelay(
              new InetSocketAddress(hostSide(i), brokerPort),
              new InetSocketAddress("127.0.0.1", brokerPort)));
    }
    return hosts;
  }

  /** True when the shards run in their own network namespaces. */
  boolean namespaces() {
    return namespaces;
  }

  /** The address the shard's own endpoints (Prometheus) listen on. */
  String shardAddress(int i) {
    return namespaces ? "10.231." + i + ".2" : "127.0.0.1";
  }

  /** The address at which the shard reaches the broker. */
  String brokerAddress(int i) {
    return namespaces ? hostSide(i) : "127.0.0.1";
  }

  /** The command that runs {@code command} as shard {@code i}. */
  List<String> command(int i, List<String> command) {
    List<String> full = new ArrayList<>();
    if (namespaces) {
      full.addAll(List.of("ip", "netns", "exec", PREFIX + i));
    }
    full.addAll(command);
    return full;
  }

  private static String hostSide(int i) {
    return "10.231." + i + ".1";
  }

  private static boolean createNamespace(int i) {
    String ns = PREFIX + i;
    String host = "bbh" + i;
    String inside = "bbn" + i;
    return ip("netns", "add", ns)
        && ip("link", "add", host, "type", "veth", "peer", "name", inside)
        && ip("link", "set", inside, "netns", ns)
        && ip("addr", "add", hostSide(i) + "/24", "dev", host)
        && ip("link", "set", host, "up")
        && ip("netns", "exec", ns, "ip", "addr", "add", "10.231." + i + ".2/24", "dev", inside)
        && ip("netns", "exec", ns, "ip", "link", "set", inside, "up")
        && ip("netns", "exec", ns, "ip", "link", "set", "lo", "up");
  }

  private static void removeNamespace(int i) {
    // Deleting the namespace deletes the veth pair with it.
    ip("netns", "del", PREFIX + i);
    ip("link", "del", "bbh" + i);
  }

  private static boolean ip(String... args) {
    List<String> command = new ArrayList<>(List.of("ip"));
    command.addAll(List.of(args));
    Process p;
    try {
      p =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
    } catch (IOException noIpCommand) {
      return false;
    }
    try {
      if (!p.waitFor(10, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return false;
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      return false;
    }
    return p.exitValue() == 0;
  }

  @Override
  public void close() throws IOException {
    for (TcpRelay relay : relays) {
      relay.close();
    }
    for (int i = 0; i < count; i++) {
      removeNamespace(i);
    }
  }
}
