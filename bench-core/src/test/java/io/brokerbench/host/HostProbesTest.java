package io.brokerbench.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brokerbench.result.ClockStatus;
import org.junit.jupiter.api.Test;

class HostProbesTest {
  @Test
  void onLinuxTheKernelsTimeKeepingStatusIsRead() {
    assumeTrue(System.getProperty("os.name").equals("Linux"), "adjtimex is Linux's");
    ClockStatus clock = HostProbes.clock();

    assertThat(clock.source()).isEqualTo("adjtimex");
    // The kernel keeps both at or above 0 (16 s when no daemon synchronizes the clock).
    assertThat(clock.maxErrorMicros()).isNotNegative();
    assertThat(clock.estimatedErrorMicros()).isNotNegative();
    assertThat(clock.bounded()).isEqualTo(clock.inSync());
  }
}
