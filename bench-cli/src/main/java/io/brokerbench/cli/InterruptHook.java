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
 *
 * <p>Work whose hook is installed after the signal (a start-up slow enough for the user to give up
 * on it) is interrupted from its start; {@link Bench#main} holds the JVM with a hook of its own
 * until the command has ended.
 */
final class InterruptHook implements AutoCloseable {
  /** How long a signalled JVM waits for the command to write what it measured. */
  static final long GRACE_SECONDS = 20;

  /** The JVM's shutdown hooks. */
  static final Hooks JVM =
      new Hooks() {
        @Override
        public void add(Thread hook) {
          Runtime.getRuntime().addShutdownHook(hook);
        }

        @Override
        public void remove(Thread hook) {
          Runtime.getRuntime().removeShutdownHook(hook);
        }
      };

  private static volatile boolean signalled;

  private final CountDownLatch finished = new CountDownLatch(1);
  private final Thread thread;
  private final Hooks hooks;

  /** Where a hook is registered: the JVM's shutdown hooks, or a test's stand-in. */
  interface Hooks {
    /**
     * Registers the hook.
     *
     * @throws IllegalStateException when the JVM is already shutting down
     */
    void add(Thread hook);

    /**
     * Unregisters the hook.
     *
     * @throws IllegalStateException when the JVM is already shutting down
     */
    void remove(Thread hook);
  }

  private InterruptHook(Runnable interrupt, Hooks hooks) {
    this.hooks = hooks;
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
    return install(interrupt, JVM);
  }

  /**
   * Installs a hook that calls {@code interrupt} on Ctrl-C or SIGTERM; calls it at once when the
   * JVM is already shutting down.
   */
  static InterruptHook install(Runnable interrupt, Hooks hooks) {
    InterruptHook hook = new InterruptHook(interrupt, hooks);
    try {
      hooks.add(hook.thread);
    } catch (IllegalStateException e) {
      // The signal came before this work began: it ends at once and writes that it was
      // interrupted, while the hook of Bench.main holds the JVM.
      interrupt.run();
    }
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
      hooks.remove(thread);
    } catch (IllegalStateException e) {
      // The JVM is already shutting down (Ctrl-C): the hook is running and waits for us, or was
      // never added.
    }
  }
}
