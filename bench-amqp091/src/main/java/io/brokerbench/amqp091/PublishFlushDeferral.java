package io.brokerbench.amqp091;

import com.rabbitmq.client.impl.FrameHandler;
import java.io.IOException;

/**
 * Lets a producer thread defer the socket flush amqp-client does after every command, so a burst of
 * publishes leaves in one write instead of one write (a system call, and on loopback the broker's
 * wake-up) each.
 *
 * <p>amqp-client writes a command's frames into a buffered stream and then calls {@link
 * FrameHandler#flush()}. Frame handlers wrapped by {@link #wrap} skip this flush while the calling
 * thread is inside {@link #publishing}; the producer writes the buffer out in its {@code flush()},
 * which the core calls before it waits. Only publishes are deferred: acks, heartbeats and every
 * other command flush as before, and writing them also writes out any publish still buffered.
 */
final class PublishFlushDeferral {
  private static final ThreadLocal<Boolean> PUBLISHING = ThreadLocal.withInitial(() -> false);

  private PublishFlushDeferral() {}

  /** A frame handler that honours the deferral. */
  static FrameHandler wrap(FrameHandler frames) {
    return new DeferringFrameHandler(frames);
  }

  /**
   * Marks the calling thread as publishing (true, just before {@code basicPublish}) or done (false,
   * right after it). Uses {@link Boolean} constants: nothing allocates.
   */
  static void publishing(boolean publishing) {
    PUBLISHING.set(publishing);
  }

  private static final class DeferringFrameHandler extends ForwardingFrameHandler {
    DeferringFrameHandler(FrameHandler delegate) {
      super(delegate);
    }

    @Override
    public void flush() throws IOException {
      if (!PUBLISHING.get()) {
        delegate.flush();
      }
    }
  }
}
