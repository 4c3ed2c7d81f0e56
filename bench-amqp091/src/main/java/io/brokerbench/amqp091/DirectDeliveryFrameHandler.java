package io.brokerbench.amqp091;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.MalformedFrameException;
import com.rabbitmq.client.impl.AMQConnection;
import com.rabbitmq.client.impl.Frame;
import com.rabbitmq.client.impl.FrameHandler;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;

/**
 * Reads a blocking-socket connection's frames itself ({@link FrameReader}) and hands the deliveries
 * of subscribed consumers to them straight from those frames, on the connection's reader thread,
 * instead of through amqp-client's frame objects, command assembly and consumer dispatch.
 *
 * <p>Why: on the consumer connection's reader thread amqp-client spends most of its time per
 * delivery reading frames byte by byte through synchronized streams and building what a load
 * generator does not read (three frames, a method object with three strings, an envelope, the
 * decoded properties, a command), then hands it through its work pool (a queue and several locks
 * per message). Here a delivery is three frames parsed in place, a few bytes compared, and one call
 * that allocates nothing.
 *
 * <p>A consumer subscribes from its {@code handleConsumeOk} callback. That callback must run on the
 * reader thread (the connection's consumer executor runs tasks on the calling thread), which {@link
 * #subscribe} checks: deliveries that amqp-client dispatched before the subscription and those
 * handed over directly after it then all run on that one thread, in order. Everything that is not a
 * delivery to a subscribed consumer (other methods, returned messages, heartbeats, other channels
 * and consumers) goes to amqp-client as the frame it would have read itself. NIO connections do not
 * use this handler ({@link TunedConnectionFactory}).
 */
final class DirectDeliveryFrameHandler extends ForwardingFrameHandler {
  /** Receives the deliveries of one subscription, on the connection's reader thread. */
  interface Subscriber {
    /**
     * One delivery.
     *
     * @param deliveryTag the tag to acknowledge it with
     * @param redelivered the broker's redelivered flag
     * @param content its content header and body, valid only during the call
     */
    void onDelivery(long deliveryTag, boolean redelivered, Content content);
  }

  /**
   * A delivery's content as its frames carried it, read in place: valid only during {@link
   * Subscriber#onDelivery}, then reused for the channel's next delivery.
   */
  static final class Content {
    private byte[] header = new byte[64];
    private int headerLength = -1;
    private byte[] body;
    private int bodyOffset;
    private int bodyLength;

    /**
     * Holds the content header frame's payload from index 0: class, weight, body size, property
     * flags and properties ({@link ContentHeaderScan} reads it).
     */
    byte[] header() {
      return header;
    }

    /** The content header payload's length. */
    int headerLength() {
      return headerLength;
    }

    /** Holds the message body from {@link #bodyOffset()}. */
    byte[] body() {
      return body;
    }

    /** Where the body starts in {@link #body()}. */
    int bodyOffset() {
      return bodyOffset;
    }

    /** The body's length. */
    int bodyLength() {
      return bodyLength;
    }
  }

  private static final int BASIC_CLASS = 60;
  private static final int BASIC_DELIVER = 60;

  /**
   * Given to amqp-client's loop now and then instead of a frame this handler took: the loop resets
   * its missed-heartbeat count on it (it saw traffic) and checks whether it should stop.
   */
  private static final Frame TRAFFIC_SEEN = new Frame(AMQP.FRAME_HEARTBEAT, 0);

  private static final int MAX_FRAMES_TAKEN_IN_A_ROW = 256;

  /** Subscriptions by channel number; replaced whole on every change. */
  private volatile Route[] routes = new Route[0];

  /** Deliveries being assembled, by channel number; the reader thread's alone. */
  private Assembly[] assemblies = new Assembly[0];

  private final FrameReader frames;

  /** Keeps the heartbeat of an untimed socket; null when the socket's own timeout keeps it. */
  private final HeartbeatWatch heartbeat;

  private volatile Thread reader;
  private volatile boolean initialized;
  private boolean timedOut;
  private long deliveredDirectly;

  private DirectDeliveryFrameHandler(
      FrameHandler delegate, InputStream in, int maxPayloadBytes, Socket untimedSocket) {
    super(delegate);
    this.frames = new FrameReader(in, maxPayloadBytes);
    this.heartbeat = untimedSocket == null ? null : new HeartbeatWatch(untimedSocket, frames);
  }

  /**
   * Reads frames from {@code in}, a socket read with amqp-client's socket timeout, and passes
   * everything else to {@code delegate}.
   *
   * @param in the input of the socket {@code delegate} writes to; from now on only this handler
   *     reads it
   * @param maxPayloadBytes the largest frame payload accepted
   */
  static DirectDeliveryFrameHandler timed(
      FrameHandler delegate, InputStream in, int maxPayloadBytes) {
    return new DirectDeliveryFrameHandler(delegate, in, maxPayloadBytes, null);
  }

  /**
   * Reads frames from {@code in}, the input of {@code socket}, which is never given a timeout: a
   * {@link HeartbeatWatch} closes it when the broker goes silent, and amqp-client's handshake is
   * bounded by its own waits, which close the connection when they give up.
   *
   * @param in the input of the socket {@code delegate} writes to; from now on only this handler
   *     reads it
   * @param maxPayloadBytes the largest frame payload accepted
   */
  static DirectDeliveryFrameHandler untimed(
      FrameHandler delegate, InputStream in, int maxPayloadBytes, Socket socket) {
    return new DirectDeliveryFrameHandler(delegate, in, maxPayloadBytes, socket);
  }

  /** The handler of the channel's connection, when its connection was made with one. */
  static Optional<DirectDeliveryFrameHandler> of(Channel channel) {
    return channel.getConnection() instanceof AMQConnection connection
            && connection.getFrameHandler() instanceof DirectDeliveryFrameHandler handler
        ? Optional.of(handler)
        : Optional.empty();
  }

  /**
   * Hands the deliveries to {@code consumerTag} on {@code channel} to {@code subscriber} from now
   * on, replacing any earlier subscription on that channel.
   *
   * @return false, and nothing changes, when not called on this connection's reader thread
   */
  synchronized boolean subscribe(Channel channel, String consumerTag, Subscriber subscriber) {
    if (Thread.currentThread() != reader) {
      return false;
    }
    int number = channel.getChannelNumber();
    Route[] next = Arrays.copyOf(routes, Math.max(routes.length, number + 1));
    next[number] = new Route(channel, consumerTag.getBytes(StandardCharsets.UTF_8), subscriber);
    routes = next;
    return true;
  }

  /** Ends the channel's subscription, if it has one; amqp-client delivers from then on. */
  synchronized void unsubscribe(Channel channel) {
    int number = channel.getChannelNumber();
    if (number < routes.length && routes[number] != null && routes[number].channel == channel) {
      Route[] next = routes.clone();
      next[number] = null;
      routes = next;
    }
  }

  /**
   * How many deliveries went straight to subscribers so far; read it on the reader thread, or after
   * a subscriber's delivery published it (a volatile write or an atomic the reader made after it).
   */
  long deliveredDirectly() {
    return deliveredDirectly;
  }

  @Override
  public void initialize(AMQConnection connection) {
    initialized = true;
    super.initialize(connection);
  }

  /**
   * Sets amqp-client's socket timeout: on an untimed socket, only its heartbeat tick, which amqp-
   * client sets once the handshake agreed on a heartbeat (the handshake's own timeout, set before
   * the reader starts, is not needed there).
   */
  @Override
  public void setTimeout(int timeoutMillis) throws SocketException {
    if (heartbeat == null) {
      super.setTimeout(timeoutMillis);
    } else if (initialized) {
      heartbeat.tickEvery(timeoutMillis);
    }
  }

  @Override
  public void close() {
    if (heartbeat != null) {
      heartbeat.stop();
    }
    super.close();
  }

  @Override
  public Frame readFrame() throws IOException {
    if (reader == null) {
      reader = Thread.currentThread();
    }
    try {
      return readFrames();
    } catch (IOException e) {
      if (heartbeat != null && heartbeat.missed()) {
        throw heartbeat.failure();
      }
      throw e;
    }
  }

  private Frame readFrames() throws IOException {
    int taken = 0;
    while (true) {
      if (!frames.next()) {
        timedOut = true;
        return null;
      }
      if (!take()) {
        return frames.toFrame();
      }
      if (timedOut || ++taken == MAX_FRAMES_TAKEN_IN_A_ROW) {
        timedOut = false;
        return TRAFFIC_SEEN;
      }
    }
  }

  /**
   * Takes the frame when it belongs to a delivery to a subscriber; false leaves it to the client.
   */
  private boolean take() throws IOException {
    return switch (frames.type()) {
      case AMQP.FRAME_METHOD -> startDelivery();
      case AMQP.FRAME_HEADER -> contentHeader();
      case AMQP.FRAME_BODY -> body();
      default -> false;
    };
  }

  private boolean startDelivery() throws IOException {
    int number = frames.channel();
    Assembly assembly = assemblyOn(number);
    if (assembly != null && assembly.route != null) {
      throw new MalformedFrameException(
          "a method frame arrived on channel " + number + " before the content it was reading");
    }
    Route[] current = routes;
    Route route = number < current.length ? current[number] : null;
    byte[] bytes = frames.buffer();
    int at = frames.payloadOffset();
    int length = frames.payloadLength();
    if (route == null
        || length < 5
        || unsignedShort(bytes, at) != BASIC_CLASS
        || unsignedShort(bytes, at + 2) != BASIC_DELIVER
        || !route.hasTag(bytes, at + 4, at + length)) {
      return false;
    }
    int tagEnd = at + 5 + route.tag.length;
    if (assembly == null) {
      assembly = newAssembly(number);
    }
    assembly.route = route;
    assembly.deliveryTag = longAt(bytes, tagEnd);
    assembly.redelivered = (bytes[tagEnd + 8] & 1) != 0;
    assembly.content.headerLength = -1;
    return true;
  }

  private boolean contentHeader() throws IOException {
    int number = frames.channel();
    Assembly assembly = assemblyOn(number);
    if (assembly == null || assembly.route == null) {
      return false;
    }
    Content content = assembly.content;
    if (content.headerLength >= 0) {
      throw new MalformedFrameException("a second content header arrived on channel " + number);
    }
    int length = frames.payloadLength();
    byte[] header = content.header;
    if (header.length < length) {
      header = new byte[Math.max(length, 2 * header.length)];
      content.header = header;
    }
    System.arraycopy(frames.buffer(), frames.payloadOffset(), header, 0, length);
    content.headerLength = length;
    long size = length >= 12 ? longAt(header, 4) : -1;
    if (size < 0 || size > Integer.MAX_VALUE - 8) {
      throw new MalformedFrameException(
          "a content header on channel " + number + " announced " + size + " body bytes");
    }
    assembly.bodySize = (int) size;
    assembly.filled = 0;
    if (size == 0) {
      complete(assembly, header, 0);
    }
    return true;
  }

  private boolean body() throws IOException {
    int number = frames.channel();
    Assembly assembly = assemblyOn(number);
    if (assembly == null || assembly.route == null) {
      return false;
    }
    if (assembly.content.headerLength < 0) {
      throw new MalformedFrameException(
          "a body frame arrived on channel " + number + " before its content header");
    }
    int length = frames.payloadLength();
    if (assembly.filled == 0 && length == assembly.bodySize) {
      complete(assembly, frames.buffer(), frames.payloadOffset());
      return true;
    }
    if (length > assembly.bodySize - assembly.filled) {
      throw new MalformedFrameException(
          "a delivery on channel "
              + number
              + " carried more body than its content header announced");
    }
    if (assembly.bodyParts.length < assembly.bodySize) {
      assembly.bodyParts = new byte[assembly.bodySize];
    }
    System.arraycopy(
        frames.buffer(), frames.payloadOffset(), assembly.bodyParts, assembly.filled, length);
    assembly.filled += length;
    if (assembly.filled == assembly.bodySize) {
      complete(assembly, assembly.bodyParts, 0);
    }
    return true;
  }

  private void complete(Assembly assembly, byte[] body, int bodyOffset) {
    Route route = assembly.route;
    assembly.route = null;
    Route[] current = routes;
    int number = route.channel.getChannelNumber();
    // A delivery to a consumer that ended meanwhile, or on a closing channel, is dropped as
    // amqp-client drops it; the broker requeues it.
    if (number < current.length && current[number] == route && route.channel.isOpen()) {
      Content content = assembly.content;
      content.body = body;
      content.bodyOffset = bodyOffset;
      content.bodyLength = assembly.bodySize;
      deliveredDirectly++;
      route.subscriber.onDelivery(assembly.deliveryTag, assembly.redelivered, content);
      content.body = null;
    }
  }

  private Assembly assemblyOn(int number) {
    return number < assemblies.length ? assemblies[number] : null;
  }

  private Assembly newAssembly(int number) {
    if (number >= assemblies.length) {
      assemblies = Arrays.copyOf(assemblies, number + 1);
    }
    Assembly assembly = new Assembly();
    assemblies[number] = assembly;
    return assembly;
  }

  private static int unsignedShort(byte[] bytes, int at) {
    return (bytes[at] & 0xFF) << 8 | bytes[at + 1] & 0xFF;
  }

  private static long longAt(byte[] bytes, int at) {
    long value = 0;
    for (int i = 0; i < 8; i++) {
      value = value << 8 | bytes[at + i] & 0xFF;
    }
    return value;
  }

  /** One subscription: the consumer's channel, its tag as the frames carry it, its receiver. */
  private record Route(Channel channel, byte[] tag, Subscriber subscriber) {
    /**
     * Whether the short string at {@code at} in {@code bytes} is this consumer's tag, with the
     * delivery tag and redelivered flag after it before {@code end}.
     */
    boolean hasTag(byte[] bytes, int at, int end) {
      int length = bytes[at] & 0xFF;
      return length == tag.length
          && at + 1 + length + 9 <= end
          && Arrays.equals(bytes, at + 1, at + 1 + length, tag, 0, length);
    }
  }

  /**
   * The delivery being read on one channel: set by its method frame, ended by its last body frame.
   * Its arrays are reused by the channel's next deliveries.
   */
  private static final class Assembly {
    Route route;
    long deliveryTag;
    boolean redelivered;
    final Content content = new Content();
    int bodySize;
    int filled;

    /** Where a body that came in several frames is put together. */
    byte[] bodyParts = new byte[0];
  }
}
