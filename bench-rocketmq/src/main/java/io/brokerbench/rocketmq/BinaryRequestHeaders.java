package io.brokerbench.rocketmq;

import org.apache.rocketmq.remoting.RPCHook;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.SerializeType;

/**
 * Has a client encode the headers of its requests in RocketMQ's compact binary form instead of
 * JSON, as {@code -Drocketmq.serialize.type=ROCKETMQ} would for a whole JVM, but for the clients it
 * is given to only. A send's header then goes to the wire without reflection and without a JSON
 * writer: that was a sixth of the producer's I/O thread. Brokers read both forms and answer in
 * their own; this one runs after the hook it wraps (ACL signing), which sees the request as before.
 */
final class BinaryRequestHeaders implements RPCHook {
  private final RPCHook next;

  /**
   * @param next the hook that runs first, or null
   */
  BinaryRequestHeaders(RPCHook next) {
    this.next = next;
  }

  @Override
  public void doBeforeRequest(String remoteAddr, RemotingCommand request) {
    if (next != null) {
      next.doBeforeRequest(remoteAddr, request);
    }
    request.setSerializeTypeCurrentRPC(SerializeType.ROCKETMQ);
  }

  @Override
  public void doAfterResponse(
      String remoteAddr, RemotingCommand request, RemotingCommand response) {
    if (next != null) {
      next.doAfterResponse(remoteAddr, request, response);
    }
  }
}
