package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * A signal during start-up, before the command's work installed its hook: the work is interrupted
 * from its start, and the JVM is held until the command ends, so that it writes what it did.
 */
class InterruptHookTest {
  @Test
  void workBegunAfterTheSignalIsInterruptedAtOnceWhileTheStartUpHookHoldsTheJvm() throws Exception {
    ShutdownHooks jvm = new ShutdownHooks();
    InterruptHook startUp = InterruptHook.install(() -> {}, jvm);

    jvm.signal();
    AtomicBoolean interrupted = new AtomicBoolean();
    InterruptHook work = InterruptHook.install(() -> interrupted.set(true), jvm);

    assertThat(interrupted).isTrue();
    Thread holding = jvm.started.get(0);
    work.close();
    assertThat(holding.isAlive()).as("the JVM waits for the command's end").isTrue();
    startUp.close();
    holding.join(10_000);
    assertThat(holding.isAlive()).isFalse();
  }

  /** Like the JVM's: a signal starts the hooks, after which none is added or removed. */
  private static final class ShutdownHooks implements InterruptHook.Hooks {
    private final List<Thread> added = new CopyOnWriteArrayList<>();
    private final List<Thread> started = new CopyOnWriteArrayList<>();
    private volatile boolean shuttingDown;

    @Override
    public void add(Thread hook) {
      if (shuttingDown) {
        throw new IllegalStateException("Shutdown in progress");
      }
      added.add(hook);
    }

    @Override
    public void remove(Thread hook) {
      if (shuttingDown) {
        throw new IllegalStateException("Shutdown in progress");
      }
      added.remove(hook);
    }

    void signal() {
      shuttingDown = true;
      for (Thread hook : added) {
        hook.start();
        started.add(hook);
      }
    }
  }
}
