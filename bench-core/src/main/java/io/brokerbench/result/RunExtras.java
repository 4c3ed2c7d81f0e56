package io.brokerbench.result;

/**
 * What a run measured beyond its messages: the broker's flow control and load, and the parts only
 * some runs have (a backlog, requests and replies, idle connections, reconnects). Part of {@link
 * RunResult}, written unwrapped into result.json; each is its {@code NONE} when the run had no such
 * part, and when a file written before it existed lacks it.
 *
 * @param flowControl flow control the broker announced during the run
 * @param backlog the fill and drain of a backlog run ({@link BacklogResult#NONE} otherwise)
 * @param requestReply what became of a request-reply run's requests ({@link
 *     RequestReplyCounts#NONE} otherwise)
 * @param connections the idle connections of a many-connections run ({@link ConnectionsResult#NONE}
 *     otherwise)
 * @param connectionLosses connections lost and got back with {@code --on-connection-loss reconnect}
 *     ({@link ConnectionLosses#NONE} otherwise)
 * @param brokerLoad the broker's own load through the run ({@link BrokerLoad#NONE} when it was not
 *     read: an embedded broker, a driver that cannot, a shard other than the first)
 */
public record RunExtras(
    FlowControl flowControl,
    BacklogResult backlog,
    RequestReplyCounts requestReply,
    ConnectionsResult connections,
    ConnectionLosses connectionLosses,
    BrokerLoad brokerLoad) {

  /** The extras of a run that had none of these parts. */
  public static final RunExtras NONE =
      new RunExtras(
          FlowControl.NONE,
          BacklogResult.NONE,
          RequestReplyCounts.NONE,
          ConnectionsResult.NONE,
          ConnectionLosses.NONE,
          BrokerLoad.NONE);

  /** Reads a missing part as its {@code NONE}. */
  public RunExtras {
    flowControl = flowControl == null ? FlowControl.NONE : flowControl;
    backlog = backlog == null ? BacklogResult.NONE : backlog;
    requestReply = requestReply == null ? RequestReplyCounts.NONE : requestReply;
    connections = connections == null ? ConnectionsResult.NONE : connections;
    connectionLosses = connectionLosses == null ? ConnectionLosses.NONE : connectionLosses;
    brokerLoad = brokerLoad == null ? BrokerLoad.NONE : brokerLoad;
  }

  /** These extras with this broker load. */
  public RunExtras withBrokerLoad(BrokerLoad load) {
    return new RunExtras(flowControl, backlog, requestReply, connections, connectionLosses, load);
  }
}
