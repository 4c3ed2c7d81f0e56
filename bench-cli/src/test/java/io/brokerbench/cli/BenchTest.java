package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class BenchTest {
  private String before;

  @BeforeEach
  void rememberLeakDetection() {
    before = System.getProperty(Bench.NETTY_LEAK_DETECTION);
  }

  @AfterEach
  void restoreLeakDetection() {
    if (before == null) {
      System.clearProperty(Bench.NETTY_LEAK_DETECTION);
    } else {
      System.setProperty(Bench.NETTY_LEAK_DETECTION, before);
    }
  }

  @Test
  void theCliTurnsNettysLeakDetectorOff() {
    System.clearProperty(Bench.NETTY_LEAK_DETECTION);

    Bench.tuneOwnJvm();

    assertThat(System.getProperty(Bench.NETTY_LEAK_DETECTION)).isEqualTo("disabled");
  }

  @Test
  void aLeakDetectionLevelTheUserGaveStays() {
    System.setProperty(Bench.NETTY_LEAK_DETECTION, "paranoid");

    Bench.tuneOwnJvm();

    assertThat(System.getProperty(Bench.NETTY_LEAK_DETECTION)).isEqualTo("paranoid");
  }
}
