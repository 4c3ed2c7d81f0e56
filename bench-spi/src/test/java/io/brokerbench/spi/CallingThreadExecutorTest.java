package io.brokerbench.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class CallingThreadExecutorTest {

  @Test
  void runsTasksOnTheSubmittingThreadBeforeReturning() throws Exception {
    CallingThreadExecutor executor = new CallingThreadExecutor();
    Thread[] ranOn = new Thread[1];

    Future<?> done = executor.submit(() -> ranOn[0] = Thread.currentThread());

    assertThat(done).isDone();
    assertThat(ranOn[0]).isSameAs(Thread.currentThread());
    executor.shutdown();
    assertThat(executor.isShutdown()).isTrue();
  }
}
