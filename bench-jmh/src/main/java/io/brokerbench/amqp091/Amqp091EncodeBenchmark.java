package io.brokerbench.amqp091;

import com.rabbitmq.client.AMQP;
import io.brokerbench.jmh.HotPathBenchmark;
import io.brokerbench.latency.PayloadStamp;
import io.brokerbench.spi.OutgoingMessage;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The AMQP 0.9.1 encode path per message, up to {@code basicPublish}: the core stamps the message,
 * then {@link PublishEncoder} gives the persistent publish properties. With a 12-byte body (the
 * seed workloads) the stamp is the body and the properties are one shared instance; with a body
 * smaller than the stamp (0 bytes here) the stamp is copied into the properties' header. What
 * amqp-client does inside {@code basicPublish} is not measured. Target: 0 B/op.
 *
 * <p>How to run: {@code java -jar bench-jmh/target/benchmarks.jar Amqp091Encode -prof gc}
 */
public class Amqp091EncodeBenchmark extends HotPathBenchmark {
  /** 12: stamp in the body; 0: stamp in the {@value PublishEncoder#STAMP_HEADER} header. */
  @Param({"12", "0"})
  int bodyBytes;

  private OutgoingMessage message;
  private PublishEncoder encoder;
  private long intendedEpochNanos;
  private long sequence;

  /** One persistent producer's message and encoder, as {@code Amqp091Producer} holds them. */
  @Setup
  public void setUp() {
    message = new OutgoingMessage(bodyBytes);
    encoder = new PublishEncoder(true, bodyBytes);
    intendedEpochNanos = System.currentTimeMillis() * 1_000_000L;
  }

  /** Stamp a message and build what {@code basicPublish} takes: properties and body. */
  @Benchmark
  public void stampAndEncode(Blackhole bh) {
    long s = sequence++;
    PayloadStamp.encode(message.stamp(), 0, 0, s, intendedEpochNanos + s, 0);
    message.sequence(s);
    AMQP.BasicProperties properties = encoder.properties(message);
    bh.consume(properties);
    bh.consume(message.body());
  }
}
