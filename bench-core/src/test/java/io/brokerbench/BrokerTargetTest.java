package io.brokerbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverOption;
import io.brokerbench.spi.DriverProvider;
import io.brokerbench.spi.TargetOption;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BrokerTargetTest {
  /** A driver whose broker would answer on this machine at {@code port}. */
  private static DriverProvider driver(int port) {
    TargetOption target =
        new TargetOption("uri", "FAKE_URI", "amqp://guest:guest@127.0.0.1:" + port, port);
    return new DriverProvider() {
      @Override
      public String name() {
        return "fake";
      }

      @Override
      public String description() {
        return "a driver for this test";
      }

      @Override
      public List<DriverOption> options() {
        return List.of();
      }

      @Override
      public TargetOption target() {
        return target;
      }

      @Override
      public Driver open(Map<String, String> options) {
        throw new UnsupportedOperationException();
      }
    };
  }

  @Test
  void theBrokerTheOptionsNameIsTakenWithNothingToSay() {
    BrokerTarget target =
        BrokerTarget.of(driver(5672), Map.of("uri", "amqp://mq:5672"), name -> "amqp://other");

    assertThat(target.options()).containsExactly(Map.entry("uri", "amqp://mq:5672"));
    assertThat(target.description()).isNull();
  }

  @Test
  void elseTheEnvironmentsBrokerWithItsPasswordMasked() {
    BrokerTarget target =
        BrokerTarget.of(
            driver(5672),
            Map.of("confirm", "10"),
            name -> name.equals("FAKE_URI") ? "amqp://u:secret@mq:5672" : null);

    assertThat(target.options())
        .containsEntry("uri", "amqp://u:secret@mq:5672")
        .containsEntry("confirm", "10");
    assertThat(target.description()).isEqualTo("amqp://u:****@mq:5672 (from FAKE_URI)");
  }

  @Test
  void elseTheEmbeddedBrokerEvenWhenOneAnswersOnThisMachine() throws Exception {
    try (ServerSocket local = new ServerSocket(0)) {
      BrokerTarget target = BrokerTarget.of(driver(local.getLocalPort()), Map.of(), name -> null);

      assertThat(target.options()).isEmpty();
      assertThat(target.description())
          .isEqualTo("the fake driver's embedded broker (no uri given; FAKE_URI not set)");
    }
  }
}
