package io.brokerbench.amqp091;

import static io.brokerbench.amqp091.ChunkedInput.assertSameFrame;
import static io.brokerbench.amqp091.ChunkedInput.wire;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.MalformedFrameException;
import com.rabbitmq.client.impl.AMQImpl;
import com.rabbitmq.client.impl.Frame;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class DirectDeliveryFrameHandlerTest {
  private static final int CHANNEL = 1;
  private static final String TAG = "consumer-1";
  private static final int MAX_PAYLOAD_BYTES = 1 << 20;
  private static final int FIRST_CONTENT_HEADER_BYTES = 64;
  private static final AMQP.BasicProperties PROPERTIES =
      new AMQP.BasicProperties.Builder()
          .contentType("application/octet-stream")
          .headers(Map.of("ts", new byte[] {1, 2, 3, 4}))
          .build();
  private static final AMQP.BasicProperties LONG_PROPERTIES =
      new AMQP.BasicProperties.Builder()
          .contentType("text/plain")
          .headers(Map.of("ts", bytes(16, 50), "padding", bytes(100, 0)))
          .correlationId("correlation")
          .messageId("message")
          .build();

  private final StubChannel channel = new StubChannel(CHANNEL);
  private final List<Delivery> received = new ArrayList<>();
  private ChunkedInput input;
  private DirectDeliveryFrameHandler handler;

  /** What a subscriber was handed, copied during the call. */
  private record Delivery(
      long deliveryTag, boolean redelivered, byte[] contentHeader, byte[] body, int bodyOffset) {}

  /** A channel that knows only its number and whether it is open. */
  private static final class StubChannel {
    private final int number;
    private volatile boolean open = true;
    private final Channel proxy;

    StubChannel(int number) {
      this.number = number;
      this.proxy =
          (Channel)
              Proxy.newProxyInstance(
                  Channel.class.getClassLoader(),
                  new Class<?>[] {Channel.class},
                  (self, method, args) ->
                      switch (method.getName()) {
                        case "getChannelNumber" -> this.number;
                        case "isOpen" -> open;
                        case "hashCode" -> System.identityHashCode(self);
                        case "equals" -> self == args[0];
                        case "toString" -> "channel " + this.number;
                        default -> throw new UnsupportedOperationException(method.getName());
                      });
    }
  }

  private static Frame deliver(int channel, String consumerTag, long deliveryTag)
      throws IOException {
    return new AMQImpl.Basic.Deliver(consumerTag, deliveryTag, false, "exchange", "routing.key")
        .toFrame(channel);
  }

  private static Frame ack(int channel, long deliveryTag) throws IOException {
    return new AMQImpl.Basic.Ack(deliveryTag, false).toFrame(channel);
  }

  private static Frame header(int channel, long bodySize) throws IOException {
    return PROPERTIES.toFrame(channel, bodySize);
  }

  private static Frame body(int channel, byte[] body, int offset, int length) throws IOException {
    return Frame.fromBodyFragment(channel, body, offset, length);
  }

  private static byte[] bytes(int length, int first) {
    byte[] bytes = new byte[length];
    for (int i = 0; i < length; i++) {
      bytes[i] = (byte) (first + i);
    }
    return bytes;
  }

  /** The three frames of a delivery whose body fits one frame. */
  private static List<Frame> delivery(
      int channel, String consumerTag, long deliveryTag, byte[] body) throws IOException {
    return delivery(channel, consumerTag, deliveryTag, new Message(PROPERTIES, body, body.length));
  }

  /** The frames of a delivery: its method, its content header and its body in fragments. */
  private static List<Frame> delivery(
      int channel, String consumerTag, long deliveryTag, Message message) throws IOException {
    List<Frame> frames = new ArrayList<>();
    frames.add(deliver(channel, consumerTag, deliveryTag));
    frames.add(message.header(channel));
    byte[] body = message.body();
    for (int offset = 0; offset < body.length; offset += message.fragmentBytes()) {
      frames.add(
          body(channel, body, offset, Math.min(message.fragmentBytes(), body.length - offset)));
    }
    return frames;
  }

  /** A message, and the size of the body frames it travels in. */
  private record Message(AMQP.BasicProperties properties, byte[] body, int fragmentBytes) {
    Frame header(int channel) throws IOException {
      return properties.toFrame(channel, body.length);
    }
  }

  @BeforeEach
  void startReading() throws IOException {
    input = new ChunkedInput();
    handler = DirectDeliveryFrameHandler.timed(null, input, MAX_PAYLOAD_BYTES);
    received.clear();
    Frame heartbeat = new Frame(AMQP.FRAME_HEARTBEAT, 0);
    input.addFrames(List.of(heartbeat));
    assertSameFrame(handler.readFrame(), heartbeat);
  }

  private boolean subscribe(StubChannel stub) {
    return handler.subscribe(
        stub.proxy,
        TAG,
        (deliveryTag, redelivered, content) ->
            received.add(
                new Delivery(
                    deliveryTag,
                    redelivered,
                    Arrays.copyOf(content.header(), content.headerLength()),
                    Arrays.copyOfRange(
                        content.body(),
                        content.bodyOffset(),
                        content.bodyOffset() + content.bodyLength()),
                    content.bodyOffset())));
  }

  private void assertPassesThrough(List<Frame> frames) throws IOException {
    input.addFrames(frames);
    for (Frame frame : frames) {
      assertSameFrame(handler.readFrame(), frame);
    }
    assertThat(received).isEmpty();
  }

  private void assertReadFrameIs(Frame expected) throws IOException {
    assertSameFrame(handler.readFrame(), expected);
  }

  private void assertReceivedBodies(byte[]... bodies) {
    assertThat(received).extracting(Delivery::body).containsExactly(bodies);
  }

  @Test
  void handsADeliveryToItsSubscriberAndPassesTheNextFrameOn() throws IOException {
    assertThat(subscribe(channel)).isTrue();
    byte[] body = bytes(5, 10);
    Frame header = header(channel.number, body.length);
    Frame next = ack(channel.number, 3);
    input.addFrames(
        List.of(
            new AMQImpl.Basic.Deliver(TAG, 42, true, "exchange", "key").toFrame(channel.number),
            header,
            body(channel.number, body, 0, body.length),
            next));

    assertReadFrameIs(next);

    assertThat(received).hasSize(1);
    Delivery delivery = received.get(0);
    assertThat(delivery.deliveryTag()).isEqualTo(42);
    assertThat(delivery.redelivered()).isTrue();
    assertThat(delivery.contentHeader()).isEqualTo(header.getPayload());
    assertThat(delivery.body()).isEqualTo(body);
  }

  @Test
  void handsAOneFrameBodyOverInPlaceAtItsOffset() throws IOException {
    subscribe(channel);
    byte[] body = bytes(7, 30);
    Frame next = ack(channel.number, 1);
    List<Frame> frames = new ArrayList<>(delivery(channel.number, TAG, 1, body));
    frames.add(next);
    input.addTogether(frames);

    assertReadFrameIs(next);

    assertReceivedBodies(body);
    assertThat(received.get(0).bodyOffset())
        .as("the body is handed over where it was read, after the frames before it")
        .isPositive();
  }

  @Test
  void joinsABodySplitAcrossFrames() throws IOException {
    subscribe(channel);
    byte[] body = bytes(10, 0);
    Frame next = ack(channel.number, 1);
    input.addFrames(
        List.of(
            deliver(channel.number, TAG, 1),
            header(channel.number, body.length),
            body(channel.number, body, 0, 3),
            body(channel.number, body, 3, 3),
            body(channel.number, body, 6, 4),
            next));

    assertReadFrameIs(next);

    assertReceivedBodies(body);
  }

  @Test
  void handsAnEmptyBodyOverWithoutABodyFrame() throws IOException {
    subscribe(channel);
    Frame next = ack(channel.number, 1);
    input.addFrames(List.of(deliver(channel.number, TAG, 1), header(channel.number, 0), next));

    assertReadFrameIs(next);

    assertReceivedBodies(new byte[0]);
  }

  static Stream<Arguments> consecutiveMessages() throws IOException {
    assertThat(new Message(LONG_PROPERTIES, new byte[0], 1).header(CHANNEL).getPayload())
        .as("a content header longer than the array a channel's first delivery gets")
        .hasSizeGreaterThan(FIRST_CONTENT_HEADER_BYTES);
    Message shortHeader = new Message(PROPERTIES, bytes(6, 0), 6);
    Message longHeader = new Message(LONG_PROPERTIES, bytes(6, 100), 6);
    Message longSplitBody = new Message(PROPERTIES, bytes(20, 0), 7);
    Message shortSplitBody = new Message(LONG_PROPERTIES, bytes(9, 100), 4);
    return Stream.of(
        Arguments.of(
            Named.of("a short content header", shortHeader), Named.of("a long one", longHeader)),
        Arguments.of(
            Named.of("a long content header", longHeader), Named.of("a short one", shortHeader)),
        Arguments.of(
            Named.of("a long split body", longSplitBody),
            Named.of("a short split body", shortSplitBody)),
        Arguments.of(
            Named.of("a short split body", shortSplitBody),
            Named.of("a long split body", longSplitBody)),
        Arguments.of(
            Named.of("a split body", longSplitBody), Named.of("a one-frame body", longHeader)));
  }

  @ParameterizedTest(name = "{0}, then {1}")
  @MethodSource("consecutiveMessages")
  void handsOverTheNextDeliveryOnTheChannelWhole(Message first, Message second) throws IOException {
    subscribe(channel);
    Frame next = ack(channel.number, 2);
    input.addFrames(delivery(channel.number, TAG, 1, first));
    input.addFrames(delivery(channel.number, TAG, 2, second));
    input.addFrames(List.of(next));

    assertReadFrameIs(next);

    assertThat(received).extracting(Delivery::deliveryTag).containsExactly(1L, 2L);
    assertThat(received)
        .extracting(Delivery::contentHeader)
        .containsExactly(
            first.header(channel.number).getPayload(), second.header(channel.number).getPayload());
    assertReceivedBodies(first.body(), second.body());
  }

  @Test
  void losesNothingWhenATimeoutComesInTheMiddleOfAFrame() throws IOException {
    Message message = new Message(LONG_PROPERTIES, bytes(10, 0), 4);
    Frame next = ack(CHANNEL, 1);
    List<Frame> frames = new ArrayList<>(delivery(CHANNEL, TAG, 1, message));
    frames.add(next);
    byte[] wire = wire(frames);

    for (int at = 1; at < wire.length; at++) {
      startReading();
      subscribe(channel);
      input.add(wire, 0, at).addTimeout().add(wire, at, wire.length);

      int timeouts = 0;
      Frame frame;
      while ((frame = handler.readFrame()) == null || frame.type == AMQP.FRAME_HEARTBEAT) {
        timeouts += frame == null ? 1 : 0;
      }

      assertThat(timeouts).as("timeouts reported, timeout at %d", at).isOne();
      assertSameFrame(frame, next);
      assertThat(received).as("timeout at %d", at).hasSize(1);
      assertThat(received.get(0).contentHeader()).isEqualTo(message.header(CHANNEL).getPayload());
      assertReceivedBodies(message.body());
    }
  }

  @Test
  void passesThroughADeliveryToAnotherConsumerOnTheChannel() throws IOException {
    subscribe(channel);

    assertPassesThrough(delivery(channel.number, "another", 1, bytes(4, 0)));
  }

  @Test
  void passesThroughADeliveryOnAnotherChannel() throws IOException {
    subscribe(channel);

    assertPassesThrough(delivery(3, TAG, 1, bytes(4, 0)));
  }

  @Test
  void assemblesInterleavedDeliveriesOnTwoChannels() throws IOException {
    StubChannel second = new StubChannel(2);
    subscribe(channel);
    subscribe(second);
    byte[] first = bytes(6, 0);
    byte[] other = bytes(4, 100);
    Frame next = ack(second.number, 2);
    input.addFrames(
        List.of(
            deliver(channel.number, TAG, 1),
            deliver(second.number, TAG, 2),
            header(channel.number, first.length),
            header(second.number, other.length),
            body(channel.number, first, 0, 2),
            body(second.number, other, 0, other.length),
            body(channel.number, first, 2, 4),
            next));

    assertReadFrameIs(next);

    assertThat(received).extracting(Delivery::deliveryTag).containsExactly(2L, 1L);
    assertReceivedBodies(other, first);
  }

  @Test
  void refusesASubscriptionFromAnotherThread() throws Exception {
    boolean subscribed = CompletableFuture.supplyAsync(() -> subscribe(channel)).get();

    assertThat(subscribed).isFalse();
    assertPassesThrough(delivery(channel.number, TAG, 1, bytes(4, 0)));
  }

  @Test
  void passesDeliveriesThroughAfterUnsubscribing() throws IOException {
    subscribe(channel);
    handler.unsubscribe(channel.proxy);

    assertPassesThrough(delivery(channel.number, TAG, 1, bytes(4, 0)));
  }

  @Test
  void dropsADeliveryCompletingOnAClosedChannel() throws IOException {
    subscribe(channel);
    channel.open = false;
    Frame next = ack(channel.number, 1);
    input.addFrames(delivery(channel.number, TAG, 1, bytes(4, 0)));
    input.addFrames(List.of(next));

    assertReadFrameIs(next);

    assertThat(received).isEmpty();
  }

  @Test
  void reportsTrafficAfterATimeoutWhenItTakesADelivery() throws IOException {
    subscribe(channel);
    Frame next = ack(channel.number, 1);
    input.addTimeout();
    input.addFrames(delivery(channel.number, TAG, 1, bytes(4, 0)));
    input.addFrames(List.of(next));

    assertThat(handler.readFrame()).isNull();
    assertThat(handler.readFrame().type).isEqualTo(AMQP.FRAME_HEARTBEAT);
    assertReadFrameIs(next);

    assertThat(received).hasSize(1);
  }

  /** Each frame is a chunk of its own, so the chunks read count the frames read. */
  @Test
  void reportsTrafficAfterTaking256FramesInARow() throws IOException {
    subscribe(channel);
    int deliveries = 86;
    for (int tag = 1; tag <= deliveries; tag++) {
      input.addFrames(delivery(channel.number, TAG, tag, bytes(4, tag)));
    }
    Frame next = ack(channel.number, deliveries);
    input.addFrames(List.of(next));
    int readBefore = input.chunksRead();

    assertThat(handler.readFrame().type).isEqualTo(AMQP.FRAME_HEARTBEAT);
    assertThat(input.chunksRead() - readBefore).isEqualTo(256);
    assertReadFrameIs(next);

    assertThat(received).hasSize(deliveries);
  }

  static Stream<Named<List<Frame>>> malformedContent() throws IOException {
    byte[] body = bytes(10, 0);
    return Stream.of(
        Named.of(
            "a method frame in the middle of the body",
            List.of(
                deliver(CHANNEL, TAG, 1),
                header(CHANNEL, body.length),
                body(CHANNEL, body, 0, 4),
                ack(CHANNEL, 1))),
        Named.of(
            "a method frame before the content header",
            List.of(deliver(CHANNEL, TAG, 1), ack(CHANNEL, 1))),
        Named.of(
            "a body frame before the content header",
            List.of(deliver(CHANNEL, TAG, 1), body(CHANNEL, body, 0, body.length))),
        Named.of(
            "a second content header",
            List.of(
                deliver(CHANNEL, TAG, 1),
                header(CHANNEL, body.length),
                header(CHANNEL, body.length))),
        Named.of(
            "more body than the content header announced",
            List.of(
                deliver(CHANNEL, TAG, 1), header(CHANNEL, 4), body(CHANNEL, body, 0, body.length))),
        Named.of("a negative body size", List.of(deliver(CHANNEL, TAG, 1), header(CHANNEL, -1))));
  }

  @ParameterizedTest
  @MethodSource("malformedContent")
  void rejectsMalformedContent(List<Frame> frames) {
    subscribe(channel);
    input.addFrames(frames);

    assertThatThrownBy(handler::readFrame).isInstanceOf(MalformedFrameException.class);
  }
}
