package io.brokerbench.cli;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Where the shard processes of a test run: each in its own network namespace with its own address
 * (10.S.I.2, its host side 10.S.I.1, S the set's subnet) where the machine allows it (root and
 * {@code ip}), else all as plain processes on 127.0.0.1. In namespaces, a relay on each host-side
 * address forwards one port (the broker's, or the coordinator's) to 127.0.0.1. Tests that may run
 * at the same time use sets of their own name and subnet.
 */
final class ShardHosts implements AutoCloseable {
  private final String name;
  private final int subnet;
  private final int count;
  private final boolean namespaces;
  private final List<TcpRelay> relays = new ArrayList<>();

  private ShardHosts(String name, int subnet, int count, boolean namespaces) {
    this.name = name;
    this.subnet = subnet;
    this.count = count;
    this.namespaces = namespaces;
  }

  /**
   * Hosts for {@code count} shards, relaying {@code brokerPort} on 127.0.0.1 into their namespaces.
   */
  static ShardHosts create(int count, int brokerPort) throws IOException {
    return create("bbs", 231, count, brokerPort);
  }

  /**
   * Hosts for {@code count} shards in namespaces named {@code name}0, {@code name}1, … (a short
   * name: interface names are {@code name}hI and {@code name}nI, at most 15 characters) on
   * 10.{@code subnet}.I.0/24, relaying {@code port} on 127.0.0.1 into them.
   */
  static ShardHosts create(String name, int subnet, int count, int port) throws IOException {
    ShardHosts hosts = new ShardHosts(name, subnet, count, true);
    for (int i = 0; i < count; i++) {
      hosts.removeNamespace(i);
    }
    boolean namespaces = true;
    for (int i = 0; i < count && namespaces; i++) {
      namespaces = hosts.createNamespace(i);
    }
    if (!namespaces) {
      hosts.close();
      return new ShardHosts(name, subnet, count, false);
    }
    for (int i = 0; i < count; i++) {
      hosts.relays.add(
          new TcpRelay(
              new InetSocketAddress(hosts.hostSide(i), port),
              new InetSocketAddress("127.0.0.1", port)));
    }
    return hosts;
  }

  /** True when the shards run in their own network namespaces. */
  boolean namespaces() {
    return namespaces;
  }

  /** The address the shard's own endpoints (Prometheus) listen on. */
  String shardAddress(int i) {
    return namespaces ? "10." + subnet + "." + i + ".2" : "127.0.0.1";
  }

  /** The address at which the shard reaches the relayed port (the broker's, the coordinator's). */
  String relayedAddress(int i) {
    return namespaces ? hostSide(i) : "127.0.0.1";
  }

  /** The command that runs {@code command} as shard {@code i}. */
  List<String> command(int i, List<String> command) {
    return command(i, null, command);
  }

  /**
   * The command that runs {@code command} as shard {@code i}, in namespaces on a host named {@code
   * hostName} (a UTS namespace of its own) when not null.
   */
  List<String> command(int i, String hostName, List<String> command) {
    List<String> full = new ArrayList<>();
    if (namespaces) {
      full.addAll(List.of("ip", "netns", "exec", name + i));
      if (hostName != null) {
        full.addAll(
            List.of("unshare", "--uts", "sh", "-c", "hostname \"$0\" && exec \"$@\"", hostName));
      }
    }
    full.addAll(command);
    return full;
  }

  private String hostSide(int i) {
    return "10." + subnet + "." + i + ".1";
  }

  private boolean createNamespace(int i) {
    String ns = name + i;
    String host = name + "h" + i;
    String inside = name + "n" + i;
    return ip("netns", "add", ns)
        && ip("link", "add", host, "type", "veth", "peer", "name", inside)
        && ip("link", "set", inside, "netns", ns)
        && ip("addr", "add", hostSide(i) + "/24", "dev", host)
        && ip("link", "set", host, "up")
        && ip("netns", "exec", ns, "ip", "addr", "add", shardAddress(i) + "/24", "dev", inside)
        && ip("netns", "exec", ns, "ip", "link", "set", inside, "up")
        && ip("netns", "exec", ns, "ip", "link", "set", "lo", "up");
  }

  private void removeNamespace(int i) {
    // Deleting the namespace deletes the veth pair with it.
    ip("netns", "del", name + i);
    ip("link", "del", name + "h" + i);
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
