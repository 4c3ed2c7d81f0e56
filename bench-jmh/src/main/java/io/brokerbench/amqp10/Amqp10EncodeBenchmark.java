package io.brokerbench.amqp10;

import io.brokerbench.jmh.HotPathBenchmark;
import io.brokerbench.latency.PayloadStamp;
import io.brokerbench.spi.OutgoingMessage;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.client.exceptions.ClientException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The AMQP 1.0 encode path per message, up to the bytes handed to the link: the core stamps the
 * message, then the engine path's {@link MessageEncoder} encodes a durable header, the stamp
 * property when the body is below the stamp size, and the Data section with protonj2's codec into
 * one reused buffer. With a 12-byte body (the seed workloads) the stamp is the body; with a 4-byte
 * body it is the binary application property {@value StampedMessage#STAMP_PROPERTY}. Target: 0
 * B/op.
 *
 * <p>{@link #clientEncode} is the protonj2-client path for comparison: {@link StampedMessage} is
 * encoded the way {@code Sender.trySend} does it, where the client allocates a buffer and section
 * wrappers per message (library allocation, not ours).
 *
 * <p>How to run: {@code java -jar bench-jmh/target/benchmarks.jar Amqp10Encode -prof gc}
 */
public class Amqp10EncodeBenchmark extends HotPathBenchmark {
  /** 12: stamp in the body; 4: stamp in the {@value StampedMessage#STAMP_PROPERTY} property. */
  @Param({"12", "4"})
  int bodyBytes;

  private OutgoingMessage message;
  private MessageEncoder encoder;
  private StampedMessage clientMessage;
  private long intendedEpochNanos;
  private long sequence;

  /** One durable producer's message and encoders, as the engine and client producers hold them. */
  @Setup
  public void setUp() {
    message = new OutgoingMessage(bodyBytes);
    encoder = new MessageEncoder(true);
    clientMessage = new StampedMessage(true);
    intendedEpochNanos = System.currentTimeMillis() * 1_000_000L;
  }

  /** Engine path: stamp a message and encode it into the reused buffer. */
  @Benchmark
  public int stampAndEncode() {
    stamp();
    ProtonBuffer payload = encoder.encode(message);
    return payload.getReadableBytes();
  }

  /** Client path: stamp a message and encode it as protonj2-client does inside trySend. */
  @Benchmark
  public int clientEncode() throws ClientException {
    stamp();
    ProtonBuffer payload = clientMessage.encode(message);
    return payload.getReadableBytes();
  }

  private void stamp() {
    long s = sequence++;
    PayloadStamp.encode(message.stamp(), 0, 0, s, intendedEpochNanos + s, 0);
    message.sequence(s);
  }
}
