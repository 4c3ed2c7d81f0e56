package io.brokerbench.result;

import io.brokerbench.spi.BrokerIdentity;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where and against what the run happened ({@link io.brokerbench.host.HostProbes#environment} reads
 * it).
 *
 * @param driver driver short name
 * @param target broker address, password masked
 * @param embedded true when the broker ran in this process (figures are smoke figures: broker and
 *     generator share the CPU)
 * @param clientLibrary broker client library and version
 * @param broker the broker's product and version as the broker reported them
 * @param stampLocation {@code body} or {@code header}: where the 12-byte stamp travelled
 * @param startTime when sending started, ISO-8601
 * @param host host name
 * @param os operating system name and version
 * @param java Java runtime version
 * @param cores processors available to the JVM
 * @param brokerbenchVersion version of brokerbench
 * @param clock how far this host's clock may be off, for latencies measured across hosts
 * @param clientNodes where each producer and consumer connected, when the driver spread them over
 *     several nodes or placed them by their queue's leader ({@code "producer 0"} → node); empty
 *     otherwise
 */
public record Environment(
    String driver,
    String target,
    boolean embedded,
    String clientLibrary,
    BrokerIdentity broker,
    String stampLocation,
    String startTime,
    String host,
    String os,
    String java,
    int cores,
    String brokerbenchVersion,
    ClockStatus clock,
    Map<String, String> clientNodes) {

  /** Copies the map, in the order the clients were created. */
  public Environment {
    clientNodes =
        clientNodes == null
            ? Map.of()
            : Collections.unmodifiableMap(new LinkedHashMap<>(clientNodes));
  }
}
