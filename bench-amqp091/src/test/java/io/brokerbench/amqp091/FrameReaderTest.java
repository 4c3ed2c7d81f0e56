package io.brokerbench.amqp091;

import static io.brokerbench.amqp091.ChunkedInput.assertSameFrame;
import static io.brokerbench.amqp091.ChunkedInput.wire;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.MalformedFrameException;
import com.rabbitmq.client.impl.AMQImpl;
import com.rabbitmq.client.impl.Frame;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class FrameReaderTest {
  private static final int MAX_PAYLOAD_BYTES = 1 << 20;
  private static final int INITIAL_BUFFER_BYTES = 64 * 1024;
  private static final int FRAME_OVERHEAD_BYTES = 8;

  private final ChunkedInput input = new ChunkedInput();
  private final FrameReader reader = new FrameReader(input, MAX_PAYLOAD_BYTES);

  /** What reading until the input ends gave. */
  private record Read(List<Frame> frames, int timeouts) {}

  /** A delivery's frames, a heartbeat (empty payload) and a frame on a channel above 255. */
  private static List<Frame> someFrames() throws IOException {
    byte[] body = bytes(10, 0);
    return List.of(
        new AMQImpl.Basic.Deliver("consumer", 7, false, "exchange", "key").toFrame(1),
        new AMQP.BasicProperties.Builder().contentType("text/plain").build().toFrame(1, 10),
        Frame.fromBodyFragment(1, body, 0, body.length),
        new Frame(AMQP.FRAME_HEARTBEAT, 0),
        new AMQImpl.Basic.Ack(7, false).toFrame(0xABCD));
  }

  private static Frame bodyFrame(int length) throws IOException {
    byte[] body = bytes(length, length);
    return Frame.fromBodyFragment(1, body, 0, length);
  }

  private static byte[] bytes(int length, int first) {
    byte[] bytes = new byte[length];
    for (int i = 0; i < length; i++) {
      bytes[i] = (byte) (first + i);
    }
    return bytes;
  }

  /** Reads frames, as the reader shows them in place, until the input ends. */
  private static Read readAll(FrameReader reader) throws IOException {
    List<Frame> frames = new ArrayList<>();
    int timeouts = 0;
    while (true) {
      boolean whole;
      try {
        whole = reader.next();
      } catch (EOFException end) {
        return new Read(frames, timeouts);
      }
      if (whole) {
        frames.add(inPlace(reader));
      } else {
        timeouts++;
      }
    }
  }

  private static Frame inPlace(FrameReader reader) {
    int from = reader.payloadOffset();
    return new Frame(
        reader.type(),
        reader.channel(),
        Arrays.copyOfRange(reader.buffer(), from, from + reader.payloadLength()));
  }

  private static void assertSameFrames(List<Frame> actual, List<Frame> expected) {
    assertThat(actual).hasSameSizeAs(expected);
    for (int i = 0; i < expected.size(); i++) {
      assertSameFrame(actual.get(i), expected.get(i));
    }
  }

  @Test
  void readsFramesSplitAtEveryByteBoundary() throws IOException {
    List<Frame> frames = someFrames();
    byte[] wire = wire(frames);

    for (int at = 1; at < wire.length; at++) {
      ChunkedInput split = new ChunkedInput().add(wire, 0, at).add(wire, at, wire.length);

      Read read = readAll(new FrameReader(split, MAX_PAYLOAD_BYTES));

      assertThat(read.timeouts()).as("split at %d", at).isZero();
      assertSameFrames(read.frames(), frames);
    }
  }

  @Test
  void readsFramesArrivingOneByteAtATime() throws IOException {
    List<Frame> frames = someFrames();
    byte[] wire = wire(frames);
    for (int at = 0; at < wire.length; at++) {
      input.add(wire, at, at + 1);
    }

    assertSameFrames(readAll(reader).frames(), frames);
  }

  @ParameterizedTest
  @ValueSource(
      ints = {
        INITIAL_BUFFER_BYTES - FRAME_OVERHEAD_BYTES,
        INITIAL_BUFFER_BYTES - FRAME_OVERHEAD_BYTES + 1,
        5 * INITIAL_BUFFER_BYTES
      })
  void readsAFrameLargerThanTheInitialBuffer(int payloadBytes) throws IOException {
    List<Frame> frames = new ArrayList<>(someFrames());
    frames.add(2, bodyFrame(payloadBytes));
    frames.add(bodyFrame(2 * payloadBytes));
    input.addTogether(frames);

    assertSameFrames(readAll(reader).frames(), frames);
  }

  /**
   * Frames of 8 to 44 bytes in one chunk: a thousand fit the reader's first read; five thousand
   * take several, and a frame cut at the end of the buffer moves to its front.
   */
  @ParameterizedTest
  @ValueSource(ints = {1000, 5000})
  void readsManySmallFramesFromOneChunk(int count) throws IOException {
    List<Frame> frames = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      frames.add(bodyFrame(i % 37));
    }
    input.addTogether(frames);

    assertSameFrames(readAll(reader).frames(), frames);
  }

  @Test
  void keepsWhatItReadBeforeATimeoutAndGoesOnFromThere() throws IOException {
    List<Frame> frames = someFrames();
    byte[] wire = wire(frames);

    for (int at = 1; at < wire.length; at++) {
      ChunkedInput stalled =
          new ChunkedInput().add(wire, 0, at).addTimeout().add(wire, at, wire.length);

      Read read = readAll(new FrameReader(stalled, MAX_PAYLOAD_BYTES));

      assertThat(read.timeouts()).as("timeout at %d", at).isOne();
      assertSameFrames(read.frames(), frames);
    }
  }

  @Test
  void answersFalseOnATimeoutBeforeAnyByte() throws IOException {
    Frame frame = bodyFrame(5);
    input.addTimeout().addFrames(List.of(frame));

    assertThat(reader.next()).isFalse();
    assertThat(reader.next()).isTrue();
    assertSameFrame(reader.toFrame(), frame);
  }

  @Test
  void throwsEofExceptionWhenTheInputEndsBeforeOrInAFrame() throws IOException {
    byte[] wire = wire(List.of(bodyFrame(5)));

    for (int at = 0; at < wire.length; at++) {
      ChunkedInput cut = new ChunkedInput().add(wire, 0, at);
      FrameReader cutReader = new FrameReader(cut, MAX_PAYLOAD_BYTES);

      assertThatThrownBy(cutReader::next).as("cut at %d", at).isInstanceOf(EOFException.class);
    }
  }

  @Test
  void rejectsABadFrameEndMarker() {
    byte[] wire = wire(List.of(new Frame(AMQP.FRAME_HEARTBEAT, 0)));
    wire[wire.length - 1] = 0;
    input.add(wire, 0, wire.length);

    assertThatThrownBy(reader::next)
        .isInstanceOf(MalformedFrameException.class)
        .hasMessage("Bad frame end marker: 0");
  }

  @Test
  void acceptsAPayloadJustBelowTheLimit() throws IOException {
    Frame frame = bodyFrame(99);
    input.addFrames(List.of(frame));
    FrameReader limited = new FrameReader(input, 100);

    assertThat(limited.next()).isTrue();
    assertSameFrame(limited.toFrame(), frame);
  }

  static Stream<Arguments> tooLargeSizes() {
    return Stream.of(
        Arguments.of(100, "100"),
        Arguments.of(1 << 30, "1073741824"),
        Arguments.of(-1, "4294967295"));
  }

  /** Only the frame header arrives: the size is refused before any of the payload is awaited. */
  @ParameterizedTest
  @MethodSource("tooLargeSizes")
  void refusesAPayloadAtOrAboveTheLimit(int size, String shown) {
    byte[] header = {AMQP.FRAME_BODY, 0, 1, 0, 0, 0, 0};
    header[3] = (byte) (size >>> 24);
    header[4] = (byte) (size >>> 16);
    header[5] = (byte) (size >>> 8);
    header[6] = (byte) size;
    input.add(header, 0, header.length);
    FrameReader limited = new FrameReader(input, 100);

    assertThatThrownBy(limited::next)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith(
            "Frame body is too large (" + shown + "), maximum configured size is 100.");
  }

  static Stream<Arguments> protocolHeaders() {
    return Stream.of(
        Arguments.of(new byte[] {0, 0, 9, 1}, "server sent signature 0,0,9,1"),
        Arguments.of(new byte[] {1, 1, 8, 0}, "server is 0-8"));
  }

  /** The broker answers a protocol header it does not speak with its own, "AMQP" and a version. */
  @ParameterizedTest
  @MethodSource("protocolHeaders")
  void reportsTheBrokersProtocolVersionAsAmqpClientDoes(byte[] version, String message) {
    byte[] header = protocolHeader("AMQP", version);
    input.add(header, 0, 7).add(header, 7, header.length);

    assertThatThrownBy(reader::next)
        .isInstanceOf(MalformedFrameException.class)
        .hasMessageStartingWith("AMQP protocol version mismatch; we are version 0-9-1, ")
        .hasMessageEndingWith(message);
  }

  @Test
  void rejectsAProtocolHeaderThatIsNotAmqp() {
    byte[] header = protocolHeader("AMQX", new byte[] {0, 0, 9, 1});
    input.add(header, 0, header.length);

    assertThatThrownBy(reader::next)
        .isInstanceOf(MalformedFrameException.class)
        .hasMessageStartingWith("Invalid AMQP protocol header from server");
  }

  private static byte[] protocolHeader(String name, byte[] version) {
    byte[] header = Arrays.copyOf(name.getBytes(StandardCharsets.US_ASCII), 8);
    System.arraycopy(version, 0, header, 4, version.length);
    return header;
  }

  @Test
  void toFrameCopiesThePayload() throws IOException {
    Frame frame = someFrames().get(0);
    input.addFrames(List.of(frame));
    assertThat(reader.next()).isTrue();

    Frame copy = reader.toFrame();
    Arrays.fill(reader.buffer(), (byte) 0x55);

    assertSameFrame(copy, frame);
  }
}
