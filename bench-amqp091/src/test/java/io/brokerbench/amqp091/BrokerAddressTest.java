package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BrokerAddressTest {

  @Test
  void takesTheUriApart() {
    BrokerAddress address = BrokerAddress.parse("amqp://bob:pw@broker.example:5673/prod%2Fa");

    assertThat(address.host()).isEqualTo("broker.example");
    assertThat(address.port()).isEqualTo(5673);
    assertThat(address.user()).isEqualTo("bob");
    assertThat(address.virtualHost()).isEqualTo("prod/a");
    assertThat(address.tls()).isFalse();
    assertThat(address.endpoint()).isEqualTo("broker.example:5673");
  }

  @Test
  void defaultsFollowAmqpClient() {
    BrokerAddress plain = BrokerAddress.parse("amqp://127.0.0.1");
    BrokerAddress tls = BrokerAddress.parse("amqps://127.0.0.1/");

    assertThat(plain.port()).isEqualTo(5672);
    assertThat(plain.user()).isEqualTo("guest");
    assertThat(plain.virtualHost()).isEqualTo("/");
    assertThat(tls.port()).isEqualTo(5671);
    assertThat(tls.tls()).isTrue();
    assertThat(tls.virtualHost()).isEmpty();
  }
}
