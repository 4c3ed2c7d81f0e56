package io.brokerbench.amqp10;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.spi.DriverOption;
import io.brokerbench.spi.OptionException;
import java.util.Date;
import java.util.Map;
import org.junit.jupiter.api.Test;

class Amqp10ConfigTest {

  @Test
  void thePasswordNeverAppearsInTheSettingsText() {
    Amqp10Config config =
        Amqp10Config.parse(Map.of("url", "amqp://alice:s3cret-pw@127.0.0.1:5672//amq/queue/q"));

    assertThat(config.password()).isEqualTo("s3cret-pw");
    assertThat(config.toString()).contains("alice:****@127.0.0.1:5672").doesNotContain("s3cret");
    assertThat(Amqp10Config.Endpoint.parse("amqp://alice:s3cret-pw@h:1/q").toString())
        .contains("password=****")
        .doesNotContain("s3cret");
  }

  @Test
  void quiverUrlGivesHostPortAndAddress() {
    Amqp10Config config = Amqp10Config.parse(Map.of("url", "//10.0.0.5:5673//amq/queue/q"));

    assertThat(config.host()).isEqualTo("10.0.0.5");
    assertThat(config.port()).isEqualTo(5673);
    assertThat(config.address()).isEqualTo("/amq/queue/q");
    assertThat(config.addressOf("brokerbench")).isEqualTo("/amq/queue/q");
    assertThat(config.tls()).isFalse();
  }

  @Test
  void quiverUrlWithoutPortUsesTheAmqpPort() {
    Amqp10Config config = Amqp10Config.parse(Map.of("url", "//broker//queues/my-classic-queue"));

    assertThat(config.host()).isEqualTo("broker");
    assertThat(config.port()).isEqualTo(5672);
    assertThat(config.addressOf("x")).isEqualTo("/queues/my-classic-queue");
  }

  @Test
  void amqpsUrlWithCredentialsIsMaskedInTheTarget() {
    Amqp10Config config = Amqp10Config.parse(Map.of("url", "amqps://bob:s3cret@h"));

    assertThat(config.tls()).isTrue();
    assertThat(config.port()).isEqualTo(5671);
    assertThat(config.user()).isEqualTo("bob");
    assertThat(config.password()).isEqualTo("s3cret");
    assertThat(config.target()).doesNotContain("s3cret").contains("bob:****@h:5671");
  }

  @Test
  void separateOptionsOverrideTheUrl() {
    Amqp10Config config =
        Amqp10Config.parse(
            Map.of(
                "url", "amqp://a:1",
                "host", "b",
                "port", "2",
                "address", "/queues/%s",
                "default-credit", "200"));

    assertThat(config.hostPort()).isEqualTo("b:2");
    assertThat(config.addressOf("q1")).isEqualTo("/queues/q1");
    assertThat(config.addressOf("/exchange/amq.direct/k")).isEqualTo("/exchange/amq.direct/k");
    assertThat(config.defaultCredit()).isEqualTo(200);
  }

  @Test
  void defaultsTargetRabbitMq3Queues() {
    Amqp10Config config = Amqp10Config.parse(Map.of());

    assertThat(config.hostPort()).isEqualTo("127.0.0.1:5672");
    assertThat(config.addressOf("q")).isEqualTo("/amq/queue/q");
    assertThat(config.user()).isEqualTo("guest");
    assertThat(config.declare()).isTrue();
    assertThat(config.checkTarget()).isTrue();
    assertThat(config.defaultCredit()).isEqualTo(Amqp10Config.DEFAULT_CREDIT);
  }

  @Test
  void rabbitQueueNamesComeFromQueueAddressesOnly() {
    assertThat(Amqp10Config.rabbitQueueOf("/amq/queue/q")).isEqualTo("q");
    assertThat(Amqp10Config.rabbitQueueOf("/queues/q")).isEqualTo("q");
    assertThat(Amqp10Config.rabbitQueueOf("/queue/q")).isEqualTo("q");
    assertThat(Amqp10Config.rabbitQueueOf("/exchange/amq.direct/k")).isNull();
    assertThat(Amqp10Config.rabbitQueueOf("q")).isNull();
  }

  @Test
  void streamOffsetsTakeTheSyntaxEveryDriverShares() {
    assertThat(Amqp10Config.parse(Map.of("stream-offset", "first")).streamOffset())
        .isEqualTo("first");
    assertThat(Amqp10Config.parse(Map.of("stream-offset", "NEXT")).streamOffset())
        .isEqualTo("next");
    assertThat(Amqp10Config.parse(Map.of("stream-offset", "offset:42")).streamOffset())
        .isEqualTo(42L);
    assertThat(
            Amqp10Config.parse(Map.of("stream-offset", "timestamp:1700000000000")).streamOffset())
        .isEqualTo(new Date(1_700_000_000_000L));
    assertThat(
            Amqp10Config.parse(Map.of("stream-offset", "timestamp:2023-11-14T22:13:20Z"))
                .streamOffset())
        .isEqualTo(new Date(1_700_000_000_000L));
    assertThat(Amqp10Config.parse(Map.of()).streamOffset()).isNull();
    assertThatThrownBy(() -> Amqp10Config.parse(Map.of("stream-offset", "yesterday")))
        .isInstanceOf(OptionException.class)
        .hasMessageStartingWith("stream-offset must be first, last, next, offset:N");
  }

  @Test
  void malformedValuesAreRejectedWithTheOptionNameTheValueAndWhatIsAccepted() {
    assertThatThrownBy(() -> Amqp10Config.parse(Map.of("url", "http://h")))
        .isInstanceOf(OptionException.class)
        .hasMessageContaining("the scheme must be amqp or amqps, not 'http'");
    assertThatThrownBy(() -> Amqp10Config.parse(Map.of("queue-type", "lazy")))
        .isInstanceOf(OptionException.class)
        .hasMessage("queue-type must be classic, quorum or stream (got 'lazy')");
    assertThatThrownBy(() -> Amqp10Config.parse(Map.of("default-credit", "0")))
        .hasMessage("default-credit must be a whole number from 1 up (got '0')");
    assertThatThrownBy(() -> Amqp10Config.parse(Map.of("declare", "maybe")))
        .hasMessage("declare must be true or false (got 'maybe')");
    assertThatThrownBy(() -> Amqp10Config.parse(Map.of("io", "nio")))
        .hasMessage("io must be engine or client (got 'nio')");
  }

  @Test
  void aMalformedUrlIsAnOptionErrorThatHidesThePassword() {
    assertThatThrownBy(() -> Amqp10Config.parse(Map.of("url", "amqp://u:p4ssw0rd@[bad:5672")))
        .isInstanceOf(OptionException.class)
        .hasMessage(
            "url must be //HOST[:PORT]/ADDRESS or amqp[s]://[USER:PASSWORD@]HOST[:PORT][/ADDRESS]:"
                + " '[bad' is not a host name or address (got 'amqp://u:****@[bad:5672')")
        .hasMessageNotContaining("p4ssw0rd");
    assertThatThrownBy(() -> Amqp10Config.parse(Map.of("url", "amqp://u:p4ssw0rd@h:x/q")))
        .hasMessageContaining("the port 'x' is not a number")
        .hasMessageNotContaining("p4ssw0rd");
  }

  @Test
  void declaredQueuesAreDeletedAtCleanupByDefault() {
    assertThat(Amqp10Config.parse(Map.of()).deleteQueues()).isTrue();
    assertThat(Amqp10Config.parse(Map.of("delete-queues", "false")).deleteQueues()).isFalse();
  }

  @Test
  void theUrlIsThePositionalOptionAndPasswordsAreSecret() {
    assertThat(new Amqp10DriverProvider().options())
        .filteredOn(DriverOption::positional)
        .extracting(DriverOption::name)
        .containsExactly("url");
    assertThat(new Amqp10DriverProvider().options())
        .filteredOn(DriverOption::secret)
        .extracting(DriverOption::name)
        .contains("password", "trust-store-password", "key-store-password");
    assertThat(new Amqp10DriverProvider().name()).isEqualTo("amqp10");
    assertThat(EngineIo.LIBRARY).isEqualTo("protonj2 1.1.0 (engine)");
    assertThat(ClientIo.LIBRARY).isEqualTo("protonj2-client 1.1.0");
  }
}
