package io.brokerbench.rocketmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.spi.DestinationSpec;
import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OptionException;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Set-up errors end in one clear line, quickly. */
@ExtendWith(RocketMqBroker.class)
class RocketMqErrorsIT {

  @Test
  void unreachableNameServerFailsWithinSeconds() throws Exception {
    int freePort;
    try (ServerSocket socket = new ServerSocket(0)) {
      freePort = socket.getLocalPort();
    }
    long start = System.nanoTime();

    assertThatThrownBy(
            () -> new RocketMqDriverProvider().open(Map.of("name-server", "127.0.0.1:" + freePort)))
        .isInstanceOf(DriverException.class)
        .hasMessageStartingWith("cannot reach the RocketMQ name server at 127.0.0.1:" + freePort)
        .hasMessageNotContaining("\n");
    assertThat((System.nanoTime() - start) / 1e9).isLessThan(15.0);
  }

  @Test
  void missingTopicIsAnErrorWhenTopicsArePredeclared() throws Exception {
    try (Driver driver =
        new RocketMqDriverProvider()
            .open(
                Map.of("name-server", RocketMqBroker.nameServer(), "topic-setup", "predeclared"))) {
      assertThatThrownBy(
              () -> driver.declare(List.of(new DestinationSpec("bb-missing-topic", true))))
          .isInstanceOf(DriverException.class)
          .hasMessage(
              "topic 'bb-missing-topic' does not exist on the RocketMQ cluster at "
                  + RocketMqBroker.nameServer()
                  + ": create it, or use --topic-setup create");
    }
  }

  @Test
  void createdTopicsAreDeletedByCleanup() throws Exception {
    try (Driver driver =
        new RocketMqDriverProvider().open(Map.of("name-server", RocketMqBroker.nameServer()))) {
      RocketMqDriver rocketMq = (RocketMqDriver) driver;
      driver.declare(List.of(new DestinationSpec("bb-cleanup-topic", true)));
      assertThat(rocketMq.topicExists("bb-cleanup-topic")).isTrue();

      driver.cleanup();

      assertThat(rocketMq.topicExists("bb-cleanup-topic")).isFalse();
    }
  }

  @Test
  void badOptionValuesNameTheOption() {
    assertThatThrownBy(() -> new RocketMqDriverProvider().open(Map.of("send-mode", "fast")))
        .isInstanceOf(OptionException.class)
        .hasMessage("send-mode must be async, sync or oneway (got 'fast')");
  }
}
