package io.brokerbench.amqp091;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.impl.AMQConnection;
import com.rabbitmq.client.impl.AMQImpl;
import com.rabbitmq.client.impl.ChannelN;
import com.rabbitmq.client.impl.ConnectionParams;
import com.rabbitmq.client.impl.ConsumerWorkService;
import com.rabbitmq.client.impl.Frame;
import io.brokerbench.jmh.HotPathBenchmark;
import io.brokerbench.latency.PayloadStamp;
import io.brokerbench.spi.CallingThreadExecutor;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.Executors;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The AMQP 0.9.1 consumer path per delivery, from the socket's bytes to the stamp: {@link
 * FrameReader} reads the delivery's three frames (basic.deliver, content header, one body frame) in
 * place, {@link DirectDeliveryFrameHandler} matches the consumer tag and assembles the delivery,
 * and the subscriber finds the stamp as {@code Amqp091Consumer}'s direct path does: the body when
 * it holds one (12 bytes), else the {@value PublishEncoder#STAMP_HEADER} header in the raw content
 * header (4 bytes). Target: 0 B/op.
 *
 * <p>The input is a byte array of deliveries, written once with amqp-client's {@code Frame.writeTo}
 * as a broker would send them, read over and over; each read returns what is left up to the array's
 * end. The handler returns to amqp-client's loop after {@value #FRAMES_PER_RETURN} frames taken in
 * a row, so {@value #FRAMES_PER_DELIVERY} {@code readFrame} calls take exactly {@value
 * #FRAMES_PER_RETURN} deliveries: one invocation. What the core does with the stamp and the
 * acknowledgement amqp-client writes are not measured.
 *
 * <p>How to run: {@code java -jar bench-jmh/target/benchmarks.jar Amqp091Delivery -prof gc}
 */
public class Amqp091DeliveryBenchmark extends HotPathBenchmark {
  /** Frames {@link DirectDeliveryFrameHandler#readFrame} takes before it returns. */
  private static final int FRAMES_PER_RETURN = 256;

  /** Method, content header and one body frame. */
  private static final int FRAMES_PER_DELIVERY = 3;

  /** Deliveries in the input array, with delivery tags 1 to this. */
  private static final int DELIVERIES_IN_INPUT = 64;

  private static final int CHANNEL = 1;

  /** A consumer tag as RabbitMQ generates it. */
  private static final String CONSUMER_TAG = "amq.ctag-4Xr2dYqNcL8Gm1Hs0vWk7Q";

  private static final String QUEUE = "brokerbench-jmh";

  /** 12: stamp in the body; 4: stamp in the {@value PublishEncoder#STAMP_HEADER} header. */
  @Param({"12", "4"})
  int bodyBytes;

  private final StampSink sink = new StampSink();
  private final ConsumerWorkService dispatch =
      new ConsumerWorkService(new CallingThreadExecutor(), Executors.defaultThreadFactory(), 0);
  private DirectDeliveryFrameHandler handler;

  /**
   * A consumer connection's handler reading the prepared input, and a subscription on a channel of
   * that connection, made on this (the reader) thread as {@code handleConsumeOk} makes it.
   */
  @Setup
  public void setUp() throws IOException {
    ConnectionParams params = new ConnectionFactory().params(new CallingThreadExecutor());
    EndlessInput input = new EndlessInput(heartbeat(), deliveries());
    handler = DirectDeliveryFrameHandler.timed(null, input, params.getMaxInboundMessageBodySize());
    ChannelN channel = new ChannelN(new AMQConnection(params, handler), CHANNEL, dispatch);
    if (handler.readFrame().type != AMQP.FRAME_HEARTBEAT
        || !handler.subscribe(channel, CONSUMER_TAG, sink)) {
      throw new IllegalStateException("the handler did not take the subscription");
    }
    deliver();
    if (sink.deliveries != FRAMES_PER_RETURN) {
      throw new IllegalStateException(
          "one invocation took " + sink.deliveries + " deliveries: update this benchmark");
    }
  }

  /** Ends the channel's work service (nothing was dispatched through it). */
  @TearDown
  public void tearDown() {
    dispatch.shutdown();
  }

  /** Per delivery cost of {@value #FRAMES_PER_RETURN} deliveries read and handed over. */
  @Benchmark
  @OperationsPerInvocation(FRAMES_PER_RETURN)
  public long deliver() throws IOException {
    for (int i = 0; i < FRAMES_PER_DELIVERY; i++) {
      if (handler.readFrame().type != AMQP.FRAME_HEARTBEAT) {
        throw new IllegalStateException("a frame was left to amqp-client");
      }
    }
    return sink.deliveries;
  }

  /** What the broker sends first: a heartbeat, read once in setup to make this the reader. */
  private static byte[] heartbeat() throws IOException {
    return wire(new Frame(AMQP.FRAME_HEARTBEAT, 0));
  }

  /** The frames of the deliveries our producer's messages become, as the broker sends them. */
  private byte[] deliveries() throws IOException {
    OutgoingMessage message = new OutgoingMessage(bodyBytes);
    PublishEncoder encoder = new PublishEncoder(true, bodyBytes);
    long epochNanos = System.currentTimeMillis() * 1_000_000L;
    Frame[] frames = new Frame[DELIVERIES_IN_INPUT * FRAMES_PER_DELIVERY];
    for (int i = 0; i < DELIVERIES_IN_INPUT; i++) {
      PayloadStamp.encode(message.stamp(), 0, 0, i, epochNanos + i, 0);
      message.sequence(i);
      frames[FRAMES_PER_DELIVERY * i] =
          new AMQImpl.Basic.Deliver(CONSUMER_TAG, i + 1, false, "", QUEUE).toFrame(CHANNEL);
      frames[FRAMES_PER_DELIVERY * i + 1] = encoder.properties(message).toFrame(CHANNEL, bodyBytes);
      frames[FRAMES_PER_DELIVERY * i + 2] =
          Frame.fromBodyFragment(CHANNEL, message.body(), 0, bodyBytes);
    }
    return wire(frames);
  }

  private static byte[] wire(Frame... frames) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    for (Frame frame : frames) {
      frame.writeTo(out);
    }
    return bytes.toByteArray();
  }

  /**
   * Finds each delivery's stamp as {@code Amqp091Consumer}'s direct path does ({@link
   * PublishEncoder#announce}), and keeps where it is (where the consumer hands it to the core).
   */
  static final class StampSink implements DirectDeliveryFrameHandler.Subscriber, DeliveryListener {
    long deliveries;
    byte[] stamp;
    int stampOffset;

    @Override
    public void onDelivery(
        long deliveryTag, boolean redelivered, DirectDeliveryFrameHandler.Content content) {
      deliveries++;
      PublishEncoder.announce(this, redelivered, content);
    }

    @Override
    public void onDelivery(
        byte[] stamp, int offset, boolean redelivered, long brokerTimestampMillis) {
      this.stamp = stamp;
      this.stampOffset = offset;
    }

    @Override
    public void onFailure(DriverException failure) {
      throw new IllegalStateException(failure);
    }
  }

  /**
   * A socket's input that never ends: {@code once}, then {@code loop} over and over. Each read
   * returns what it asked for, at most up to the end of the array being read.
   */
  private static final class EndlessInput extends InputStream {
    private final byte[] bytes;
    private final int loopStart;
    private int at;

    EndlessInput(byte[] once, byte[] loop) {
      bytes = new byte[once.length + loop.length];
      System.arraycopy(once, 0, bytes, 0, once.length);
      System.arraycopy(loop, 0, bytes, once.length, loop.length);
      loopStart = once.length;
    }

    @Override
    public int read() {
      int value = bytes[at] & 0xFF;
      advance(1);
      return value;
    }

    @Override
    public int read(byte[] target, int offset, int length) {
      int count = Math.min(length, bytes.length - at);
      System.arraycopy(bytes, at, target, offset, count);
      advance(count);
      return count;
    }

    private void advance(int count) {
      at += count;
      if (at == bytes.length) {
        at = loopStart;
      }
    }
  }
}
