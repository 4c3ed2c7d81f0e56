package io.brokerbench.rocketmq;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.List;
import org.apache.rocketmq.remoting.RPCHook;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.junit.jupiter.api.Test;

/** What a send request looks like on the wire once the hook ran, as the client encodes it. */
class BinaryRequestHeadersTest {

  private static RemotingCommand sendRequest() {
    SendMessageRequestHeader header = new SendMessageRequestHeader();
    header.setProducerGroup("brokerbench_producer");
    header.setTopic("bench");
    header.setQueueId(3);
    header.setBornTimestamp(1_700_000_000_000L);
    header.setProperties("WAIT\u0001true\u0002");
    return RemotingCommand.createRequestCommand(
        RequestCode.SEND_MESSAGE_V2,
        SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(header));
  }

  /** The frame the client's encoder writes: length, type and header length, header. */
  private static ByteBuf encode(RemotingCommand request) {
    ByteBuf wire = Unpooled.buffer();
    request.fastEncodeHeader(wire);
    return wire;
  }

  @Test
  void aSendGoesOutWithABinaryHeaderTheBrokerDecodesToTheSameFields() throws Exception {
    RemotingCommand request = sendRequest();

    new BinaryRequestHeaders(null).doBeforeRequest("127.0.0.1:10911", request);
    ByteBuf wire = encode(request);

    assertThat(wire.getByte(4)).isEqualTo(SerializeType.ROCKETMQ.getCode());
    RemotingCommand decoded = RemotingCommand.decode(wire.skipBytes(4));
    SendMessageRequestHeaderV2 header =
        decoded.decodeCommandCustomHeader(SendMessageRequestHeaderV2.class);
    assertThat(header.getB()).isEqualTo("bench");
    assertThat(header.getE()).isEqualTo(3);
    assertThat(header.getI()).isEqualTo("WAIT\u0001true\u0002");
  }

  @Test
  void withoutTheHookTheClientWritesJson() {
    assertThat(encode(sendRequest()).getByte(4)).isEqualTo(SerializeType.JSON.getCode());
  }

  @Test
  void theWrappedHookSeesTheRequestAndTheAnswer() {
    List<String> seen = new ArrayList<>();
    RPCHook acl =
        new RPCHook() {
          @Override
          public void doBeforeRequest(String remoteAddr, RemotingCommand request) {
            seen.add("before " + request.getSerializeTypeCurrentRPC());
          }

          @Override
          public void doAfterResponse(
              String remoteAddr, RemotingCommand request, RemotingCommand response) {
            seen.add("after " + response.getCode());
          }
        };
    BinaryRequestHeaders hook = new BinaryRequestHeaders(acl);
    RemotingCommand request = sendRequest();

    hook.doBeforeRequest("127.0.0.1:10911", request);
    hook.doAfterResponse("127.0.0.1:10911", request, RemotingCommand.createResponseCommand(0, ""));

    assertThat(seen).containsExactly("before JSON", "after 0");
    assertThat(request.getSerializeTypeCurrentRPC()).isEqualTo(SerializeType.ROCKETMQ);
  }
}
