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
  private static final BrokerContainers NEVER_ASKED =
      new BrokerContainers() {
        @Override
        public String unavailable() {
          throw new AssertionError("containers asked for");
        }

        @Override
        public String start(TargetOption target) {
          throw new AssertionError("container started");
        }
      };

  /** Containers that start one at {@code docker-host:32768}. */
  private static final BrokerContainers DOCKER =
      new BrokerContainers() {
        @Override
        public String unavailable() {
          return null;
        }

        @Override
        public String start(TargetOption target) {
          return target.addressAt("docker-host", 32768);
        }
      };

  /** A driver whose local broker would answer on {@code port}, with a container image. */
  private static DriverProvider driverWithLocalBrokerOn(int port) {
    return driver(
        new TargetOption(
            "uri", "FAKE_URI", "amqp://guest:guest@127.0.0.1:" + port, port, "fake/broker:1"));
  }

  private static DriverProvider driver(TargetOption target) {
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
  void theBrokerTheEnvironmentNamesComesFirstWithItsPasswordMasked() throws Exception {
    try (ServerSocket local = new ServerSocket(0)) {
      BrokerChoice choice =
          BrokerChoice.of(
              driverWithLocalBrokerOn(local.getLocalPort()),
              name -> name.equals("FAKE_URI") ? "amqp://u:secret@broker:5672" : null,
              NEVER_ASKED);

      assertThat(choice.options()).containsExactly(Map.entry("uri", "amqp://u:secret@broker:5672"));
      assertThat(choice.description()).isEqualTo("fake: amqp://u:****@broker:5672 (from FAKE_URI)");
    }
  }

  @Test
  void aBrokerAnsweringOnThisMachineIsNotTakenOnItsOwn() throws Exception {
    try (ServerSocket local = new ServerSocket(0)) {
      BrokerChoice choice =
          BrokerChoice.of(
              driverWithLocalBrokerOn(local.getLocalPort()),
              name -> null,
              BrokerContainers.none("no Docker engine answers"));

      assertThat(choice.options()).isEmpty();
      assertThat(choice.description())
          .isEqualTo("fake: its embedded broker (FAKE_URI not set; no Docker engine answers)");
    }
  }

  @Test
  void withNoBrokerNamedAContainerOfTheDriversImageComesNext() throws Exception {
    int port = freePort();
    BrokerChoice choice = BrokerChoice.of(driverWithLocalBrokerOn(port), name -> null, DOCKER);

    assertThat(choice.options())
        .containsExactly(Map.entry("uri", "amqp://guest:guest@docker-host:32768"));
    assertThat(choice.description())
        .isEqualTo(
            "fake: a fake/broker:1 container, amqp://guest:****@docker-host:32768 (FAKE_URI not"
                + " set)");
  }

  @Test
  void withNeitherTheDriverFallsBackToItsEmbeddedBrokerSayingWhy() throws Exception {
    int port = freePort();
    BrokerChoice choice =
        BrokerChoice.of(
            driverWithLocalBrokerOn(port),
            name -> null,
            BrokerContainers.none("no Docker engine answers"));

    assertThat(choice.options()).isEmpty();
    assertThat(choice.description())
        .isEqualTo("fake: its embedded broker (FAKE_URI not set; no Docker engine answers)");
  }

  @Test
  void aDriverWithoutContainerImageFallsBackToItsEmbeddedBrokerEvenWithDocker() throws Exception {
    int port = freePort();
    BrokerChoice choice =
        BrokerChoice.of(
            driver(new TargetOption("uri", "FAKE_URI", "x://127.0.0.1:" + port, port)),
            name -> null,
            DOCKER);

    assertThat(choice.options()).isEmpty();
    assertThat(choice.description()).endsWith("; no container image for it)");
  }

  private static int freePort() throws Exception {
    try (ServerSocket free = new ServerSocket(0)) {
      return free.getLocalPort();
    }
  }
}
