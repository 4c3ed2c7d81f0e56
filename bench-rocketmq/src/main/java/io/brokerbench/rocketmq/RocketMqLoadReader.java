package io.brokerbench.rocketmq;

import io.brokerbench.spi.BrokerLoadReader;
import io.brokerbench.spi.BrokerNodeReading;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.LocalBrokerProcess;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a RocketMQ cluster's own load. A broker running on this machine is read from its process
 * (CPU, memory, bytes written to disk); brokers that share a process (a master and its slave
 * started together, as {@code scripts/rocketmq.sh} does) are one node, so their process is counted
 * once. A broker elsewhere is read from its runtime statistics, which give the bytes appended to
 * its commit log and nothing of its CPU or memory.
 */
final class RocketMqLoadReader implements BrokerLoadReader {
  private final TopicAdmin admin;
  // Looked up again whenever the name server lists other brokers (a slave registers late): the
  // brokers and where their figures come from.
  private Map<String, String> brokers;
  private Map<String, LocalBrokerProcess> processes;
  private Map<String, String> remote;
  private String source = "";

  RocketMqLoadReader(TopicAdmin admin) {
    this.admin = admin;
  }

  @Override
  public synchronized String source() {
    return source;
  }

  @Override
  public synchronized List<BrokerNodeReading> read() throws DriverException {
    Map<String, String> listed = admin.brokers();
    if (!listed.equals(brokers)) {
      locate(listed);
      brokers = listed;
    }
    List<BrokerNodeReading> readings = new ArrayList<>();
    for (Map.Entry<String, LocalBrokerProcess> p : processes.entrySet()) {
      BrokerNodeReading own = p.getValue().read();
      readings.add(
          new BrokerNodeReading(
              p.getKey(),
              own.cpuMillis(),
              own.memoryBytes(),
              -1,
              -1,
              own.diskWriteBytes(),
              -1,
              List.of()));
    }
    for (Map.Entry<String, String> broker : remote.entrySet()) {
      readings.add(
          new BrokerNodeReading(
              broker.getKey(),
              -1,
              -1,
              -1,
              -1,
              admin.commitLogBytes(broker.getValue()),
              -1,
              List.of()));
    }
    return readings;
  }

  private void locate(Map<String, String> brokers) {
    processes = new LinkedHashMap<>();
    Map<String, List<String>> processNodes = new LinkedHashMap<>();
    remote = new LinkedHashMap<>();
    Map<Long, String> nodeOfPid = new LinkedHashMap<>();
    for (Map.Entry<String, String> broker : brokers.entrySet()) {
      String address = broker.getValue();
      int colon = address.lastIndexOf(':');
      Optional<LocalBrokerProcess> process =
          local(address.substring(0, colon))
              ? LocalBrokerProcess.listeningOn(Integer.parseInt(address.substring(colon + 1)))
              : Optional.empty();
      if (process.isEmpty()) {
        remote.put(broker.getKey(), address);
        continue;
      }
      String node = nodeOfPid.get(process.get().pid());
      if (node == null) {
        node = "process " + process.get().pid();
        nodeOfPid.put(process.get().pid(), node);
        processes.put(node, process.get());
      }
      processNodes.computeIfAbsent(node, k -> new ArrayList<>()).add(broker.getKey());
    }
    List<String> sources = new ArrayList<>();
    processes.forEach(
        (node, process) ->
            sources.add(
                process.description()
                    + " (brokers "
                    + String.join(", ", processNodes.get(node))
                    + ": CPU, memory, disk writes)"));
    remote.forEach(
        (name, address) ->
            sources.add(
                "broker " + name + "'s runtime statistics at " + address + " (commit log writes)"));
    source = String.join("; ", sources);
  }

  private static boolean local(String host) {
    try {
      InetAddress address = InetAddress.getByName(host);
      return address.isLoopbackAddress() || address.isAnyLocalAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }
}
