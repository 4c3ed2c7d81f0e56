package io.brokerbench.amqp091;

import com.rabbitmq.client.AMQP;
import io.brokerbench.jmh.HotPathBenchmark;
import io.brokerbench.latency.PayloadStamp;
import io.brokerbench.spi.OutgoingMessage;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The AMQP 0.9.1 encode path per message. {@code stampAndWriteFrames} is the path on blocking
 * sockets: the core stamps the message, {@link PublishFrames} rewrites the publish's frames in
 * place and writes them out in one call (here to a stream that discards them; on a connection, into
 * its buffer). {@code stampAndEncode} is the NIO path up to {@code basicPublish}: {@link
 * PublishEncoder} gives the persistent publish properties; what amqp-client does inside {@code
 * basicPublish} is not measured. With a 12-byte body (the seed workloads) the stamp is the body;
 * with a body smaller than the stamp (0 bytes here) it goes into the properties' header. Target: 0
 * B/op.
 *
 * <p>How to run: {@code java -jar bench-jmh/target/benchmarks.jar Amqp091Encode -prof gc}
 */
public class Amqp091EncodeBenchmark extends HotPathBenchmark {
  /** 12: stamp in the body; 0: stamp in the {@value PublishEncoder#STAMP_HEADER} header. */
  @Param({"12", "0"})
  int bodyBytes;

  private OutgoingMessage message;
  private PublishEncoder encoder;
  private PublishFrames frames;
  private DataOutputStream socket;
  private long intendedEpochNanos;
  private long sequence;

  /** One persistent producer's message and encoder, as {@code Amqp091Producer} holds them. */
  @Setup
  public void setUp() throws IOException {
    message = new OutgoingMessage(bodyBytes);
    encoder = new PublishEncoder(true, bodyBytes);
    frames = new PublishFrames(1, 131_072, "", "perf-test", true, encoder.template(), bodyBytes);
    socket = new DataOutputStream(OutputStream.nullOutputStream());
    intendedEpochNanos = System.currentTimeMillis() * 1_000_000L;
  }

  /** Stamp a message, put it into the publish's frames and write them. */
  @Benchmark
  public void stampAndWriteFrames() throws IOException {
    stamp();
    frames.fill(message);
    frames.writeTo(socket);
  }

  /** Stamp a message and build what {@code basicPublish} takes: properties and body. */
  @Benchmark
  public void stampAndEncode(Blackhole bh) {
    stamp();
    AMQP.BasicProperties properties = encoder.properties(message);
    bh.consume(properties);
    bh.consume(message.body());
  }

  private void stamp() {
    long s = sequence++;
    PayloadStamp.encode(message.stamp(), 0, 0, s, intendedEpochNanos + s, 0);
    message.sequence(s);
  }
}
