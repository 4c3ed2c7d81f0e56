package io.brokerbench.junit;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverOption;
import io.brokerbench.spi.DriverProvider;
import io.brokerbench.spi.TargetOption;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BrokerChoiceTest {
  /** A driver whose local broker would answer on {@code port}. */
  private static DriverProvider driverWithLocalBrokerOn(int port) {
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
        return new TargetOption("uri", "FAKE_URI", "amqp://guest:guest@127.0.0.1:" + port, port);
      }

      @Override
      public Driver open(Map<String, String> options) {
        throw new UnsupportedOperationException();
      }
    };
  }

  @Test
  void theBrokerTheEnvironmentNamesComesFirstWithItsPasswordMasked() throws Exception {
    try (ServerSocket local = new ServerSocket(0)) {
      BrokerChoice choice =
          BrokerChoice.of(
              driverWithLocalBrokerOn(local.getLocalPort()),
              name -> name.equals("FAKE_URI") ? "amqp://u:secret@broker:5672" : null);

      assertThat(choice.options()).containsExactly(Map.entry("uri", "amqp://u:secret@broker:5672"));
      assertThat(choice.description()).isEqualTo("fake: amqp://u:****@broker:5672 (from FAKE_URI)");
    }
  }

  @Test
  void aBrokerAnsweringOnThisMachineComesNext() throws Exception {
    try (ServerSocket local = new ServerSocket(0)) {
      int port = local.getLocalPort();
      BrokerChoice choice = BrokerChoice.of(driverWithLocalBrokerOn(port), name -> null);

      assertThat(choice.options())
          .containsExactly(Map.entry("uri", "amqp://guest:guest@127.0.0.1:" + port));
      assertThat(choice.description())
          .isEqualTo(
              "fake: the broker on this machine, amqp://guest:****@127.0.0.1:"
                  + port
                  + " (FAKE_URI not set)");
    }
  }

  @Test
  void withNoneTheDriverFallsBackToItsEmbeddedBroker() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    BrokerChoice choice = BrokerChoice.of(driverWithLocalBrokerOn(port), name -> null);

    assertThat(choice.options()).isEmpty();
    assertThat(choice.description())
        .isEqualTo(
            "fake: its embedded broker (FAKE_URI not set; nothing answers at 127.0.0.1:"
                + port
                + ")");
  }
}
