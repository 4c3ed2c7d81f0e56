package io.brokerbench.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C and SIGTERM for a long command: a shutdown hook that interrupts the work and then holds
 * the JVM (at most {@value #GRACE_SECONDS} s) until the command has written what it measured.
 *
 * <pre>{@code
 * InterruptHook hook = InterruptHook.install(runner::interrupt);
 * try {
 *   return runner.run();
 * } finally {
 *   hook.close();
 * }
 * }</pre>
 */
final class InterruptHook implements AutoCloseable {
  /** How long a signalled JVM waits for the command to write what it measured. */
  static final long GRACE_SECONDS = 20;

  private static volatile boolean signalled;

  private final CountDownLatch finished = new CountDownLatch(1);
  private final Thread thread;

  private InterruptHook(Runnable interrupt) {
    this.thread =
        new Thread(
            () -> {
              signalled = true;
              interrupt.run();
              try {
                finished.await(GRACE_SECONDS, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "brokerbench-interrupt");
  }

  /** Installs a hook that calls {@code interrupt} on Ctrl-C or SIGTERM. */
  static InterruptHook install(Runnable interrupt) {
    InterruptHook hook = new InterruptHook(interrupt);
    Runtime.getRuntime().addShutdownHook(hook.thread);
    return hook;
  }

  /**
   * Whether a hook has run: the JVM is ending on Ctrl-C or SIGTERM, and its exit code is the
   * signal's (130, 143). A {@code System.exit} then would race the shutdown for the exit code.
   */
  static boolean signalled() {
    return signalled;
  }

  /** The work has ended: lets a shutting-down JVM exit, or removes the hook. */
  @Override
  public void close() {
    finished.countDown();
    try {
      Runtime.getRuntime().removeShutdownHook(thread);
    } catch (IllegalStateException e) {
      // The JVM is already shutting down (Ctrl-C): the hook is running and waits for us.
    }
  }
}
