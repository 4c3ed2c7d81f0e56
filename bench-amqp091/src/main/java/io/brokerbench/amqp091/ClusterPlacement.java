package io.brokerbench.amqp091;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.amqp091.Amqp091Config.Placement;
import io.brokerbench.rabbitmq.ManagementApi;
import io.brokerbench.spi.DriverException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Chooses the node of a RabbitMQ cluster each producer and consumer connects to, by where its
 * queue's leader is: the management API tells which node hosts the leader ({@code leader} of a
 * quorum queue or stream, {@code node} of a classic queue) and which node listens on each URI given
 * ({@code /api/overview} listeners). Set-up only; one per driver.
 */
final class ClusterPlacement {
  private final Placement mode;
  private final List<BrokerAddress> addresses;
  private final ManagementApi api;
  private final Map<String, String> leaders = new HashMap<>();
  private String[] nodes;
  private int turn;

  /** A chosen node: the index of its URI, its name, and whether it hosts the queue's leader. */
  record Choice(int index, String node, boolean leader) {}

  ClusterPlacement(
      Placement mode, List<BrokerAddress> addresses, String managementUrl, Duration timeout) {
    this.mode = mode;
    this.addresses = addresses;
    BrokerAddress first = addresses.get(0);
    this.api = api(first, managementUrl, timeout);
  }

  /**
   * The node a client of {@code queue} connects to.
   *
   * @throws DriverException when the management API cannot tell, or no URI reaches such a node
   */
  synchronized Choice choose(String queue) throws DriverException {
    String[] byIndex = nodes();
    String leader = leaders.get(queue);
    if (leader == null) {
      JsonNode q =
          get(
              "/api/queues/"
                  + ManagementApi.encode(addresses.get(0).virtualHost())
                  + "/"
                  + ManagementApi.encode(queue));
      leader = q.hasNonNull("leader") ? q.get("leader").asText() : q.path("node").asText(null);
      if (leader == null) {
        throw new DriverException(
            "the management API at " + api.base() + " names no node for queue '" + queue + "'");
      }
      leaders.put(queue, leader);
    }
    List<Integer> candidates = new ArrayList<>();
    for (int i = 0; i < byIndex.length; i++) {
      if (leader.equals(byIndex[i]) == (mode == Placement.LEADER)) {
        candidates.add(i);
      }
    }
    if (candidates.isEmpty()) {
      throw new DriverException(
          mode == Placement.LEADER
              ? "the leader of queue '"
                  + queue
                  + "' is on node "
                  + leader
                  + ", which none of the URIs given reaches: add that node's URI"
              : "every URI given reaches node "
                  + leader
                  + ", the leader of queue '"
                  + queue
                  + "': add the URI of another node for --placement non-leader");
    }
    int index = candidates.get(turn++ % candidates.size());
    return new Choice(index, byIndex[index], mode == Placement.LEADER);
  }

  /** The node behind each URI, by its listener's port (and address, unless it listens on all). */
  private String[] nodes() throws DriverException {
    if (nodes != null) {
      return nodes;
    }
    String[] found = new String[addresses.size()];
    for (JsonNode listener : get("/api/overview").path("listeners")) {
      String protocol = listener.path("protocol").asText();
      if (!protocol.equals("amqp") && !protocol.equals("amqp/ssl")) {
        continue;
      }
      String ip = listener.path("ip_address").asText();
      boolean anyAddress = ip.equals("::") || ip.equals("0.0.0.0");
      for (int i = 0; i < found.length; i++) {
        BrokerAddress a = addresses.get(i);
        boolean sameHost =
            anyAddress || ip.equals(a.host()) || a.host().equals("localhost") && isLoopback(ip);
        if (listener.path("port").asInt() == a.port() && sameHost) {
          found[i] = listener.path("node").asText();
        }
      }
    }
    for (int i = 0; i < found.length; i++) {
      if (found[i] == null) {
        throw new DriverException(
            "no node of the cluster the management API at "
                + api.base()
                + " shows listens on "
                + addresses.get(i).endpoint()
                + ": give the URIs of that cluster's nodes");
      }
    }
    nodes = found;
    return nodes;
  }

  private static boolean isLoopback(String ip) {
    return ip.equals("127.0.0.1") || ip.equals("::1");
  }

  /** The management API of the cluster {@code first} is a node of. */
  static ManagementApi api(BrokerAddress first, String managementUrl, Duration timeout) {
    return new ManagementApi(
        managementUrl != null ? managementUrl : "http://" + first.host() + ":15672",
        first.user(),
        first.password(),
        timeout);
  }

  private JsonNode get(String path) throws DriverException {
    return api.get(path, "to find queue leaders");
  }
}
