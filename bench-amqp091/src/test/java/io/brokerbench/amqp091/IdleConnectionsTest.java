package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.LongString;
import com.rabbitmq.client.impl.ValueWriter;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
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

  @Test
  void theAnnouncedTextsGoOnTheWireAsAmqpClientWritesThemWithoutItsCopyBuffer() throws Exception {
    Map<String, Object> defaults = new ConnectionFactory().getClientProperties();
    Map<String, Object> announced = IdleConnections.announcement(defaults);
    Map<String, Object> asDefaults = new HashMap<>(defaults);
    asDefaults.keySet().retainAll(announced.keySet());

    assertThat(announced.values()).noneMatch(LongString.class::isInstance);
    assertThat(wire(announced)).isEqualTo(wire(asDefaults));
  }

  /** The field table as amqp-client writes it into the handshake. */
  private static byte[] wire(Map<String, Object> table) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    new ValueWriter(new DataOutputStream(bytes)).writeTable(new TreeMap<>(table));
    return bytes.toByteArray();
  }
}
