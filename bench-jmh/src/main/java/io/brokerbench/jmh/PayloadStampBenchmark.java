package io.brokerbench.jmh;

import io.brokerbench.latency.PayloadStamp;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Writing the 12-byte stamp into a body and reading it back on the consumer side.
 *
 * <p>How to run: {@code java -jar bench-jmh/target/benchmarks.jar PayloadStamp -prof gc}
 */
public class PayloadStampBenchmark extends HotPathBenchmark {
  private final byte[] body = new byte[12];
  private long sequence;
  private long epochNanos = 1_795_000_000_000_000_000L;

  /** Encodes a stamp with a changing sequence and time. */
  @Benchmark
  public byte[] encode() {
    PayloadStamp.encode(body, 0, 7, sequence++, epochNanos += 1_000, 250);
    return body;
  }

  /** Decodes what a consumer needs: producer, sequence, latency, slip. */
  @Benchmark
  public void decode(Blackhole bh) {
    bh.consume(PayloadStamp.producerId(body, 0));
    bh.consume(PayloadStamp.sequence24(body, 0));
    bh.consume(PayloadStamp.latencyFromIntendedNanos(body, 0, epochNanos + 5_000));
    bh.consume(PayloadStamp.slipNanos(body, 0));
  }
}
