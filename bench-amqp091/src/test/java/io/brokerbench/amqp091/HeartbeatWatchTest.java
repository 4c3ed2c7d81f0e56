package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.impl.Frame;
import java.io.DataOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The watch of an untimed socket's heartbeat, over a real loopback connection whose far end plays a
 * broker that goes silent; the ticks are the test's, not a timer's.
 */
class HeartbeatWatchTest {
  private static final Duration BOUND = Duration.ofSeconds(10);
  private static final long TICK_NANOS = 250_000_000L;

  private ServerSocket server;
  private Socket client;
  private Socket broker;
  private FrameReader frames;
  private HeartbeatWatch watch;
  private long nowNanos;

  @BeforeEach
  void connect() throws IOException {
    server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    client = new UntimedSocket();
    client.connect(server.getLocalSocketAddress(), 5_000);
    broker = server.accept();
    frames = new FrameReader(client.getInputStream(), 1 << 20);
    watch = new HeartbeatWatch(client, frames);
  }

  @AfterEach
  void close() throws IOException {
    client.close();
    broker.close();
    server.close();
  }

  @Test
  void aReaderWaitingThroughMoreThanTwoHeartbeatsHasItsSocketClosed() throws Exception {
    CompletableFuture<Boolean> read = readOneFrame();
    awaitReading();

    // The first tick only notes the read; then eight silent ticks are allowed, as amqp-client
    // allows eight timeouts of a quarter heartbeat.
    tick(1 + HeartbeatWatch.SILENT_TICKS_ALLOWED);
    assertThat(watch.missed()).isFalse();
    assertThat(client.isClosed()).isFalse();

    tick(1);
    assertThat(watch.missed()).isTrue();
    assertThat(client.isClosed()).isTrue();
    assertThat(read)
        .failsWithin(BOUND)
        .withThrowableThat()
        .havingRootCause()
        .isInstanceOf(IOException.class);
  }

  @Test
  void aFrameFromTheBrokerStartsTheCountAgain() throws Exception {
    CompletableFuture<Boolean> first = readOneFrame();
    awaitReading();
    tick(1 + HeartbeatWatch.SILENT_TICKS_ALLOWED);

    sendHeartbeat();
    assertThat(first.get(BOUND.toSeconds(), TimeUnit.SECONDS)).isTrue();
    readOneFrame();
    awaitReading();
    tick(1 + HeartbeatWatch.SILENT_TICKS_ALLOWED);

    assertThat(watch.missed()).isFalse();
    assertThat(client.isClosed()).isFalse();
  }

  @Test
  void aReaderBusyElsewhereIsNotSilent() {
    // No read started: the reader is busy elsewhere (say writing to a broker that blocked the
    // connection), where amqp-client's socket timeout would not fire either.
    tick(10 * HeartbeatWatch.SILENT_TICKS_ALLOWED);

    assertThat(watch.missed()).isFalse();
    assertThat(client.isClosed()).isFalse();
  }

  @Test
  void lateTicksRunBackToBackAreNotSilenceTheyDidNotSee() throws Exception {
    readOneFrame();
    awaitReading();
    tick(1);

    // A starved watchdog thread runs the ticks it missed at once: no time passed between them.
    for (int i = 0; i < 10 * HeartbeatWatch.SILENT_TICKS_ALLOWED; i++) {
      watch.tick(nowNanos, TICK_NANOS);
    }

    assertThat(watch.missed()).isFalse();
    assertThat(client.isClosed()).isFalse();
  }

  @Test
  void aReaderThatHasNotTakenWhatTheBrokerSentIsSlowNotSilent() throws Exception {
    // A starved reader: inside its read, with the broker's heartbeat waiting in the socket.
    CountDownLatch released = new CountDownLatch(1);
    InputStream socketInput = client.getInputStream();
    InputStream starved =
        new FilterInputStream(socketInput) {
          @Override
          public int read(byte[] b, int off, int len) throws IOException {
            try {
              released.await(BOUND.toSeconds(), TimeUnit.SECONDS);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
            return super.read(b, off, len);
          }
        };
    frames = new FrameReader(starved, 1 << 20);
    watch = new HeartbeatWatch(client, frames);
    CompletableFuture<Boolean> read = readOneFrame();
    awaitReading();
    sendHeartbeat();
    awaitTrue(() -> available(socketInput) > 0);

    tick(10 * HeartbeatWatch.SILENT_TICKS_ALLOWED);

    assertThat(watch.missed()).isFalse();
    assertThat(client.isClosed()).isFalse();
    released.countDown();
    assertThat(read.get(BOUND.toSeconds(), TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void theErrorNamesTheHeartbeatAsAmqpClientDoes() {
    watch.tickEvery(500);
    watch.stop();

    assertThat(watch.failure()).hasMessage("Heartbeat missing with heartbeat = 2 seconds");
  }

  private CompletableFuture<Boolean> readOneFrame() {
    CompletableFuture<Boolean> read = new CompletableFuture<>();
    Thread reader =
        new Thread(
            () -> {
              try {
                read.complete(frames.next());
              } catch (IOException | RuntimeException e) {
                read.completeExceptionally(e);
              }
            },
            "test-reader");
    reader.setDaemon(true);
    reader.start();
    return read;
  }

  private void sendHeartbeat() throws IOException {
    new Frame(AMQP.FRAME_HEARTBEAT, 0).writeTo(new DataOutputStream(broker.getOutputStream()));
  }

  /** {@code times} ticks, a tick apart. */
  private void tick(int times) {
    for (int i = 0; i < times; i++) {
      nowNanos += TICK_NANOS;
      watch.tick(nowNanos, TICK_NANOS);
    }
  }

  /** Waits, bounded, until the reader thread is inside a read of the socket. */
  private void awaitReading() throws InterruptedException {
    awaitTrue(() -> FrameReader.isReading(frames.readCount()));
  }

  private static int available(InputStream in) {
    try {
      return in.available();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void awaitTrue(BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + BOUND.toNanos();
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as("condition met within %s", BOUND).isLessThan(deadline);
      Thread.sleep(1);
    }
  }
}
