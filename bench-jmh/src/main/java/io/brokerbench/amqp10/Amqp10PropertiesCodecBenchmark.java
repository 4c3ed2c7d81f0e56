package io.brokerbench.amqp10;

import io.brokerbench.jmh.HotPathBenchmark;
import io.brokerbench.spi.OutgoingMessage;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.impl.ProtonByteArrayBufferAllocator;
import org.apache.qpid.protonj2.codec.CodecFactory;
import org.apache.qpid.protonj2.codec.Encoder;
import org.apache.qpid.protonj2.codec.EncoderState;
import org.apache.qpid.protonj2.types.Binary;
import org.apache.qpid.protonj2.types.messaging.ApplicationProperties;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * protonj2's codec alone on the application-properties section that carries the stamp of a body
 * below the stamp size, as {@link MessageEncoder} builds it: no code of ours runs per operation, so
 * any B/op here is the library's. protonj2 1.1.0 writes map entries through {@code
 * Map.forEach(lambda)} with a lambda capturing the buffer, state and encoder; whether the JIT can
 * elide that lambda depends on the map's {@code forEach} being inlined, hence the two map kinds: a
 * {@code HashMap} (what {@link MessageEncoder} uses) and {@code Collections.singletonMap}.
 *
 * <p>How to run: {@code java -jar bench-jmh/target/benchmarks.jar Amqp10PropertiesCodec -prof gc}
 */
public class Amqp10PropertiesCodecBenchmark extends HotPathBenchmark {
  /** The map holding the one stamp property. */
  @Param({"hash", "singleton"})
  String map;

  private final Encoder encoder = CodecFactory.getDefaultEncoder();
  private final EncoderState state = encoder.newEncoderState();
  private final ProtonBuffer out = ProtonByteArrayBufferAllocator.allocator().allocate(256);
  private ApplicationProperties properties;

  /** The section over a read-only view of a stamp array, as the encoder binds it. */
  @Setup
  public void setUp() {
    Binary stamp =
        new Binary(
            ProtonByteArrayBufferAllocator.wrapped(new byte[OutgoingMessage.STAMP_BYTES])
                .convertToReadOnly());
    Map<String, Object> values;
    if (map.equals("hash")) {
      values = new HashMap<>();
      values.put(StampedMessage.STAMP_PROPERTY, stamp);
    } else {
      values = Collections.singletonMap(StampedMessage.STAMP_PROPERTY, stamp);
    }
    properties = new ApplicationProperties(values);
  }

  /** Encode the section into the reused buffer. */
  @Benchmark
  public int encodeProperties() {
    out.clear();
    encoder.writeObject(out, state, properties);
    return out.getReadableBytes();
  }
}
