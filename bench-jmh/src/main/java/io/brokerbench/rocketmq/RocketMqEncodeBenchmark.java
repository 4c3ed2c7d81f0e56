package io.brokerbench.rocketmq;

import io.brokerbench.jmh.HotPathBenchmark;
import io.brokerbench.latency.PayloadStamp;
import io.brokerbench.spi.OutgoingMessage;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageClientIDSetter;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The RocketMQ encode path per message, up to the bytes the client writes to the socket.
 *
 * <p>{@link #stampAndFill} is ours: the core stamps the message, then {@link MessageStamper} copies
 * body and stamp into the producer's reused client {@link Message}, as {@link RocketMqProducer}
 * does before each {@code send}. With a 12-byte body (the seed workloads) the stamp is the body;
 * with a 4-byte body it is the {@value MessageStamper#STAMP_PROPERTY} user property, a 24-character
 * hex string per message. Target: 0 B/op with a 12-byte body.
 *
 * <p>{@link #clientEncode} is ours plus rocketmq-client 5.5.0's own work inside an async {@code
 * send}, without the route lookup, the in-flight bookkeeping and the I/O thread hand-off: the
 * unique message id ({@code DefaultMQProducerImpl.sendKernelImpl}), the request header and its V2
 * form and the request command ({@code MQClientAPIImpl.sendMessage}, {@code sendSmartMsg} on as by
 * default), and the command's encoding, JSON header and body, as {@code NettyEncoder} writes it
 * (into one reused buffer here; Netty takes one from its pool per message). The difference between
 * the two is the client's (library allocation, not ours).
 *
 * <p>How to run: {@code java -jar bench-jmh/target/benchmarks.jar RocketMqEncode -prof gc}
 */
public class RocketMqEncodeBenchmark extends HotPathBenchmark {
  private static final String TOPIC = "brokerbench-jmh";
  private static final String BROKER = "broker-a";

  /** 12: stamp in the body; 4: stamp in the {@value MessageStamper#STAMP_PROPERTY} property. */
  @Param({"12", "4"})
  int bodyBytes;

  private OutgoingMessage message;
  private MessageStamper stamper;
  private Message clientMessage;
  private DefaultMQProducer client;
  private ByteBuf wire;
  private long intendedEpochNanos;
  private long sequence;

  /** One producer's message, stamper and client message, as {@code RocketMqDriver} makes them. */
  @Setup
  public void setUp() {
    message = new OutgoingMessage(bodyBytes);
    stamper = new MessageStamper(TOPIC, null, false, 0);
    clientMessage = stamper.newMessage(bodyBytes);
    client = new DefaultMQProducer("brokerbench-jmh");
    wire = Unpooled.buffer(1024);
    intendedEpochNanos = System.currentTimeMillis() * 1_000_000L;
  }

  /** Gives the encode buffer back. */
  @TearDown
  public void tearDown() {
    wire.release();
  }

  /** Ours: stamp a message and fill the client message {@code send} takes. */
  @Benchmark
  public Message stampAndFill() {
    stampAndFillMessage();
    return clientMessage;
  }

  /** Ours, then the client's encoding of the send request for that message. */
  @Benchmark
  public int clientEncode() {
    stampAndFillMessage();
    MessageClientIDSetter.setUniqID(clientMessage);
    SendMessageRequestHeader header = new SendMessageRequestHeader();
    header.setProducerGroup(client.getProducerGroup());
    header.setTopic(clientMessage.getTopic());
    header.setDefaultTopic(client.getCreateTopicKey());
    header.setDefaultTopicQueueNums(client.getDefaultTopicQueueNums());
    header.setQueueId(0);
    header.setSysFlag(0);
    header.setBornTimestamp(System.currentTimeMillis());
    header.setFlag(clientMessage.getFlag());
    header.setProperties(MessageDecoder.messageProperties2String(clientMessage.getProperties()));
    header.setReconsumeTimes(0);
    header.setUnitMode(false);
    header.setBatch(false);
    header.setBrokerName(BROKER);
    RemotingCommand request =
        RemotingCommand.createRequestCommand(
            RequestCode.SEND_MESSAGE_V2,
            SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(header));
    request.setBody(clientMessage.getBody());
    wire.clear();
    request.fastEncodeHeader(wire);
    wire.writeBytes(request.getBody());
    return wire.readableBytes();
  }

  private void stampAndFillMessage() {
    long s = sequence++;
    PayloadStamp.encode(message.stamp(), 0, 0, s, intendedEpochNanos + s, 0);
    message.sequence(s);
    stamper.stamp(message, clientMessage);
  }
}
