package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.ConnectionFactory;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What an idle connection tells the broker about itself. */
class IdleConnectionsTest {
  @Test
  void anIdleConnectionAnnouncesItsClientAndCapabilitiesWithoutTheLicenceTexts() {
    Map<String, Object> defaults = new ConnectionFactory().getClientProperties();

    Map<String, Object> announced = IdleConnections.announcement(defaults);

    assertThat(announced)
        .containsKeys("product", "version", "capabilities")
        .doesNotContainKeys("copyright", "information", "platform");
    // The capabilities (connection.blocked, publisher confirms...) stay as amqp-client sends them.
    assertThat(announced.get("capabilities")).isEqualTo(defaults.get("capabilities"));
  }
}
