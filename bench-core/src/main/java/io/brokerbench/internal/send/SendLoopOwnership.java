package io.brokerbench.internal.send;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Which thread runs a producer's send loop: its own thread, or, while that thread waits for room in
 * a full in-flight window, the driver thread whose confirmation made room (see {@link
 * io.brokerbench.spi.Producer#sendsOnConfirm()}). Every change of hands is an atomic write or
 * compare-and-set, so the loop's state passes from one thread to the next with a happens-before
 * edge and the loop runs on one thread at a time.
 *
 * <pre>{@code
 * ownership.openToConfirms();                 // producer thread, window full
 * if (ownership.tryTake()) { ...; ownership.leaveOpen(); }   // a confirm thread
 * ownership.reclaim();                        // producer thread: true once it holds the loop again
 * }</pre>
 */
final class SendLoopOwnership {
  private static final int PRODUCER_THREAD = 0;
  private static final int OPEN_TO_CONFIRMS = 1;
  private static final int CONFIRM_THREAD = 2;

  private final AtomicInteger holder = new AtomicInteger(PRODUCER_THREAD);
  private final Thread producerThread;

  SendLoopOwnership(Thread producerThread) {
    this.producerThread = producerThread;
  }

  /** Producer thread: a confirm thread may take the loop from now on. */
  void openToConfirms() {
    holder.set(OPEN_TO_CONFIRMS);
  }

  /**
   * Producer thread: true when it holds the loop, again or still; false while a confirm thread
   * does.
   */
  boolean reclaim() {
    return holder.get() == PRODUCER_THREAD
        || holder.compareAndSet(OPEN_TO_CONFIRMS, PRODUCER_THREAD);
  }

  /** True when the producer thread holds the loop. */
  boolean heldByProducerThread() {
    return holder.get() == PRODUCER_THREAD;
  }

  /** Confirm thread: takes the loop if the producer thread left it open; true when taken. */
  boolean tryTake() {
    return holder.get() == OPEN_TO_CONFIRMS
        && holder.compareAndSet(OPEN_TO_CONFIRMS, CONFIRM_THREAD);
  }

  /** Confirm thread holding the loop: leaves it to the next confirmation. */
  void leaveOpen() {
    holder.set(OPEN_TO_CONFIRMS);
  }

  /** Confirm thread holding the loop: gives it back to the producer thread and wakes that. */
  void handBack() {
    holder.set(PRODUCER_THREAD);
    LockSupport.unpark(producerThread);
  }
}
