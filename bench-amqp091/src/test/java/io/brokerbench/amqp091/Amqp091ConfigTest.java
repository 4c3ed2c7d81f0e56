package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.Drivers;
import io.brokerbench.rabbitmq.QueueType;
import io.brokerbench.spi.DriverOption;
import io.brokerbench.spi.OptionException;
import io.brokerbench.tls.TlsStores;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Amqp091ConfigTest {

  @Test
  void defaultsStartTheEmbeddedBrokerWithClassicQueuesAndTheDefaultExchange() {
    Amqp091Config config = Amqp091Config.parse(Map.of());

    assertThat(config.embedded()).isTrue();
    assertThat(config.queueType()).isEqualTo(QueueType.CLASSIC);
    assertThat(config.queueArguments()).isEmpty();
    assertThat(config.exchange()).isEmpty();
    assertThat(config.exchangeType()).isEqualTo("direct");
    assertThat(config.routingKey()).isNull();
    assertThat(config.mandatory()).isFalse();
    assertThat(config.predeclared()).isFalse();
    assertThat(config.channelsPerConnection()).isEqualTo(1);
    assertThat(config.connectTimeout()).isEqualTo(Duration.ofSeconds(10));
    assertThat(config.streamOffsetArgument()).isNull();
    assertThat(config.autoDelete()).isTrue();
    assertThat(config.heartbeatSeconds()).isZero();
    assertThat(config.globalPrefetch()).isZero();
    assertThat(config.exclusive()).isFalse();
  }

  @Test
  void aPlacementByLeaderNeedsTheUrisOfACluster() {
    assertThatThrownBy(
            () ->
                Amqp091Config.parse(
                    Map.of("uri", "amqp://127.0.0.1:5672", "placement", "non-leader")))
        .isInstanceOf(OptionException.class)
        .hasMessage(
            "--placement non-leader needs a cluster: give each node's URI, comma-separated (-h"
                + " amqp://node1:5672,amqp://node2:5672,amqp://node3:5672)");
    assertThat(
            Amqp091Config.parse(Map.of("uri", "amqp://a:5672,amqp://b:5672", "placement", "leader"))
                .placement())
        .isEqualTo(Amqp091Config.Placement.LEADER);
  }

  @Test
  void anEmptyUriMeansTheLocalBroker() {
    assertThat(Amqp091Config.parse(Map.of("uri", "")).uris())
        .containsExactly(Amqp091Config.DEFAULT_URI);
  }

  @Test
  void severalUrisAreSplitOnCommas() {
    Amqp091Config config =
        Amqp091Config.parse(Map.of("uri", "amqp://a:5672, amqp://b:5673,amqps://c"));

    assertThat(config.uris()).containsExactly("amqp://a:5672", "amqp://b:5673", "amqps://c");
    assertThat(config.embedded()).isFalse();
  }

  @Test
  void amqDefaultIsTheDefaultExchange() {
    assertThat(Amqp091Config.parse(Map.of("exchange", "amq.default")).exchange()).isEmpty();
  }

  @Test
  void queueArgumentsAreTyped() {
    Map<String, Object> arguments =
        Amqp091Config.queueArguments("x-max-length=10, x-queue-type=quorum,x-single=true");

    assertThat(arguments)
        .containsEntry("x-max-length", 10L)
        .containsEntry("x-queue-type", "quorum")
        .containsEntry("x-single", true);
  }

  @Test
  void flagsAcceptAnEmptyValueOrABoolean() {
    assertThat(Amqp091Config.parse(Map.of("mandatory", "")).mandatory()).isTrue();
    assertThat(Amqp091Config.parse(Map.of("mandatory", "true")).mandatory()).isTrue();
    assertThat(Amqp091Config.parse(Map.of("mandatory", "false")).mandatory()).isFalse();
    assertThatThrownBy(() -> Amqp091Config.parse(Map.of("nio", "yes")))
        .isInstanceOf(OptionException.class)
        .hasMessage("nio must be true or false (got 'yes')");
  }

  @Test
  void streamOffsetsAreNamedNumbersOrTimes() {
    assertThat(Amqp091Config.parse(Map.of("stream-offset", "First")).streamOffsetArgument())
        .isEqualTo("first");
    assertThat(Amqp091Config.parse(Map.of("stream-offset", "42")).streamOffsetArgument())
        .isEqualTo(42L);
    assertThat(
            Amqp091Config.parse(Map.of("stream-offset", "2026-01-31T12:00:00Z"))
                .streamOffsetArgument())
        .isEqualTo(Date.from(Instant.parse("2026-01-31T12:00:00Z")));
    assertThatThrownBy(() -> Amqp091Config.parse(Map.of("stream-offset", "yesterday")))
        .isInstanceOf(OptionException.class)
        .hasMessageStartingWith("stream-offset must be first, last, next, offset:N");
  }

  @Test
  void theQueueTypeMayComeFromTheQueueArguments() {
    assertThat(
            Amqp091Config.parse(Map.of("uri", "", "queue-args", "x-queue-type=stream")).queueType())
        .isEqualTo(QueueType.STREAM);
    assertThat(
            Amqp091Config.parse(
                    Map.of("uri", "", "queue-type", "quorum", "queue-args", "x-queue-type=quorum"))
                .queueType())
        .isEqualTo(QueueType.QUORUM);
    assertThatThrownBy(
            () ->
                Amqp091Config.parse(
                    Map.of("uri", "", "queue-type", "quorum", "queue-args", "x-queue-type=stream")))
        .hasMessage(
            "queue-type quorum and queue-args x-queue-type=stream disagree: give one of them");
  }

  @Test
  void quorumQueueDeclaresDurableQuorumQueuesThatAreNeverAutoDelete() {
    Amqp091Config config =
        Amqp091Config.parse(Map.of("uri", "", "quorum-queue", "", "auto-delete", "true"));

    assertThat(config.queueType()).isEqualTo(QueueType.QUORUM);
    assertThat(config.autoDelete()).isFalse();
    assertThat(
            Amqp091Config.parse(Map.of("uri", "", "quorum-queue", "false", "queue-type", "stream"))
                .queueType())
        .isEqualTo(QueueType.STREAM);
  }

  @Test
  void quorumQueueCombinesWithTheSameTypeGivenOtherwise() {
    assertThat(
            Amqp091Config.parse(
                    Map.of(
                        "uri",
                        "",
                        "quorum-queue",
                        "",
                        "queue-type",
                        "quorum",
                        "queue-args",
                        "x-queue-type=quorum,x-max-length=10"))
                .queueType())
        .isEqualTo(QueueType.QUORUM);
  }

  @Test
  void quorumQueueAndAnotherTypeDisagree() {
    assertThatThrownBy(
            () ->
                Amqp091Config.parse(Map.of("uri", "", "quorum-queue", "", "queue-type", "stream")))
        .isInstanceOf(OptionException.class)
        .hasMessage("queue-type stream and quorum-queue disagree: give one of them");
    assertThatThrownBy(
            () ->
                Amqp091Config.parse(
                    Map.of("uri", "", "quorum-queue", "", "queue-args", "x-queue-type=classic")))
        .isInstanceOf(OptionException.class)
        .hasMessage("quorum-queue and queue-args x-queue-type=classic disagree: give one of them");
  }

  @Test
  void streamQueueDeclaresPerfTestsBoundedStreamsReadWithPrefetch200() {
    Amqp091Config config = Amqp091Config.parse(Map.of("uri", "", "stream-queue", ""));

    assertThat(config.queueType()).isEqualTo(QueueType.STREAM);
    assertThat(config.queueArguments())
        .containsOnly(
            Map.entry("x-max-length-bytes", 20_000_000_000L),
            Map.entry("x-stream-max-segment-size-bytes", 500_000_000L));
    assertThat(config.streamPrefetch()).isEqualTo(200);
    assertThat(config.autoDelete()).isFalse();
  }

  @Test
  void streamQueueKeepsTheSizesTheQueueArgumentsGive() {
    Amqp091Config config =
        Amqp091Config.parse(
            Map.of(
                "uri",
                "",
                "stream-queue",
                "true",
                "queue-args",
                "x-queue-type=stream,x-max-length-bytes=1000000000,x-max-age=1h"));

    assertThat(config.queueArguments())
        .containsEntry("x-max-length-bytes", 1_000_000_000L)
        .containsEntry("x-stream-max-segment-size-bytes", 500_000_000L)
        .containsEntry("x-max-age", "1h");
  }

  @Test
  void streamsOtherwiseGetNoSizeLimitAndPrefetch1000() {
    Amqp091Config config = Amqp091Config.parse(Map.of("uri", "", "queue-type", "stream"));

    assertThat(config.queueArguments()).isEmpty();
    assertThat(config.streamPrefetch()).isEqualTo(1_000);
    assertThat(Amqp091Config.parse(Map.of("uri", "", "stream-queue", "false")).queueArguments())
        .isEmpty();
  }

  @Test
  void streamQueueAndAnotherTypeDisagree() {
    assertThatThrownBy(
            () -> Amqp091Config.parse(Map.of("uri", "", "quorum-queue", "", "stream-queue", "")))
        .isInstanceOf(OptionException.class)
        .hasMessage("quorum-queue and stream-queue disagree: give one of them");
    assertThatThrownBy(
            () ->
                Amqp091Config.parse(Map.of("uri", "", "stream-queue", "", "queue-type", "classic")))
        .isInstanceOf(OptionException.class)
        .hasMessage("queue-type classic and stream-queue disagree: give one of them");
    assertThatThrownBy(() -> Amqp091Config.parse(Map.of("stream-queue", "")))
        .isInstanceOf(OptionException.class)
        .hasMessageStartingWith("queue-type stream needs RabbitMQ");
    assertThatThrownBy(
            () -> Amqp091Config.parse(Map.of("uri", "", "stream-queue", "", "global-qos", "10")))
        .hasMessageStartingWith("global-qos needs classic queues: RabbitMQ stream queues");
  }

  @Test
  void autoDeleteIsPerfTestsTrueUnlessTurnedOff() {
    assertThat(Amqp091Config.parse(Map.of("auto-delete", "false")).autoDelete()).isFalse();
    assertThat(Amqp091Config.parse(Map.of("auto-delete", "TRUE")).autoDelete()).isTrue();
    assertThat(
            Amqp091Config.parse(Map.of("uri", "", "queue-type", "stream", "auto-delete", "true"))
                .autoDelete())
        .isFalse();
    assertThatThrownBy(() -> Amqp091Config.parse(Map.of("auto-delete", "sometimes")))
        .isInstanceOf(OptionException.class)
        .hasMessage("auto-delete must be true or false (got 'sometimes')");
  }

  @Test
  void exclusiveIsAFlagForClassicQueuesThatKeepsAutoDelete() {
    Amqp091Config config = Amqp091Config.parse(Map.of("uri", "", "exclusive", ""));

    assertThat(config.exclusive()).isTrue();
    assertThat(config.autoDelete()).isTrue();
    assertThat(config.toString()).contains("exclusive=true");
    assertThat(Amqp091Config.parse(Map.of("exclusive", "", "auto-delete", "false")).autoDelete())
        .isFalse();
  }

  @Test
  void exclusiveQueuesCannotBeQuorumQueuesStreamsOrPredeclared() {
    assertThatThrownBy(
            () -> Amqp091Config.parse(Map.of("uri", "", "exclusive", "", "quorum-queue", "")))
        .isInstanceOf(OptionException.class)
        .hasMessage(
            "exclusive needs classic queues: RabbitMQ refuses exclusive quorum queues (drop"
                + " exclusive, -E, or the queue type)");
    assertThatThrownBy(
            () ->
                Amqp091Config.parse(
                    Map.of("uri", "", "exclusive", "true", "queue-args", "x-queue-type=stream")))
        .isInstanceOf(OptionException.class)
        .hasMessageStartingWith(
            "exclusive needs classic queues: RabbitMQ refuses exclusive stream");
    assertThatThrownBy(() -> Amqp091Config.parse(Map.of("exclusive", "", "predeclared", "")))
        .isInstanceOf(OptionException.class)
        .hasMessage(
            "exclusive and predeclared contradict each other: an exclusive queue belongs to the"
                + " connection that declares it, so the run must declare it (drop one of them)");
    assertThat(
            Amqp091Config.parse(Map.of("uri", "", "exclusive", "false", "quorum-queue", ""))
                .queueType())
        .isEqualTo(QueueType.QUORUM);
  }

  @Test
  void heartbeatIsWholeSecondsThatFitTheProtocol() {
    assertThat(Amqp091Config.parse(Map.of("heartbeat", "15")).heartbeatSeconds()).isEqualTo(15);
    assertThat(Amqp091Config.parse(Map.of("heartbeat", "0")).heartbeatSeconds()).isZero();
    assertThatThrownBy(() -> Amqp091Config.parse(Map.of("heartbeat", "65536")))
        .isInstanceOf(OptionException.class)
        .hasMessage("heartbeat must be a whole number from 0 to 65535 (got '65536')");
    assertThatThrownBy(() -> Amqp091Config.parse(Map.of("heartbeat", "10s")))
        .hasMessage("heartbeat must be a whole number from 0 to 65535 (got '10s')");
  }

  @Test
  void globalQosIsAChannelPrefetchForClassicQueues() {
    assertThat(Amqp091Config.parse(Map.of("global-qos", "500")).globalPrefetch()).isEqualTo(500);
    assertThatThrownBy(() -> Amqp091Config.parse(Map.of("global-qos", "-1")))
        .hasMessage("global-qos must be a whole number from 0 to 65535 (got '-1')");
    assertThatThrownBy(
            () -> Amqp091Config.parse(Map.of("uri", "", "quorum-queue", "", "global-qos", "10")))
        .isInstanceOf(OptionException.class)
        .hasMessage(
            "global-qos needs classic queues: RabbitMQ quorum queues refuse a channel-wide"
                + " prefetch (use the per-consumer qos, -q)");
    assertThat(
            Amqp091Config.parse(Map.of("uri", "", "queue-type", "quorum", "global-qos", "0"))
                .globalPrefetch())
        .isZero();
  }

  @Test
  void theEmbeddedBrokerHasClassicQueuesOnly() {
    assertThatThrownBy(() -> Amqp091Config.parse(Map.of("queue-type", "stream")))
        .isInstanceOf(OptionException.class)
        .hasMessage(
            "queue-type stream needs RabbitMQ: the embedded broker has classic queues only (give"
                + " a uri)");
  }

  @Test
  void invalidValuesNameTheOption() {
    assertThatThrownBy(() -> Amqp091Config.parse(Map.of("queue-type", "lazy")))
        .hasMessage("queue-type must be classic, quorum or stream (got 'lazy')");
    assertThatThrownBy(() -> Amqp091Config.parse(Map.of("channels-per-connection", "0")))
        .hasMessage("channels-per-connection must be a whole number from 1 up (got '0')");
    assertThatThrownBy(() -> Amqp091Config.parse(Map.of("queue-args", "x-max-length")))
        .hasMessageStartingWith("queue-args must be key=value pairs");
    assertThatThrownBy(() -> Amqp091Config.parse(Map.of("uri", "http://user:pw@host")))
        .isInstanceOf(OptionException.class)
        .hasMessage(
            "uri must be amqp[s]://[USER:PASSWORD@]HOST[:PORT][/VHOST], comma-separated: it must"
                + " start with amqp:// or amqps:// (got 'http://user:****@host')");
  }

  @Test
  void aPortThatIsNotANumberIsNamedAsSuch() {
    assertThatThrownBy(() -> Amqp091Config.parse(Map.of("uri", "amqp://u:pw@127.0.0.1:notaport")))
        .isInstanceOf(OptionException.class)
        .hasMessage(
            "uri must be amqp[s]://[USER:PASSWORD@]HOST[:PORT][/VHOST], comma-separated: the port"
                + " 'notaport' is not a number (got 'amqp://u:****@127.0.0.1:notaport')");
  }

  @TempDir Path dir;

  /** An existing (empty) file for an option that names a store: read only when connecting. */
  private String store(String name) throws IOException {
    return Files.createFile(dir.resolve(name)).toString();
  }

  @Test
  void tlsStoresAreTheSharedOptionsWithSecretPasswords() throws IOException {
    String trustStore = store("ca.p12");
    String keyStore = store("client.p12");
    Amqp091Config config =
        Amqp091Config.parse(
            Map.of(
                "uri", "amqps://host",
                "trust-store", trustStore,
                "trust-store-password", "trust-s3cret",
                "key-store", keyStore,
                "key-store-password", "key-s3cret"));

    assertThat(config.stores())
        .isEqualTo(
            new TlsStores(Path.of(trustStore), "trust-s3cret", Path.of(keyStore), "key-s3cret"));
    assertThat(config.toString()).doesNotContain("trust-s3cret", "key-s3cret");
    assertThat(new Amqp091DriverProvider().options()).containsAll(TlsStores.OPTIONS.help());
  }

  @Test
  void aStoreThatIsNoFileIsRefusedAsTheOptionsAreRead() {
    assertThatThrownBy(
            () -> Amqp091Config.parse(Map.of("uri", "amqps://host", "trust-store", "missing.p12")))
        .isInstanceOf(OptionException.class)
        .hasMessage("trust-store must be an existing file: no such file (got 'missing.p12')");
  }

  @Test
  void tlsOptionsThatCannotWorkAreRefused() throws IOException {
    String trustStore = store("ca.p12");
    String keyStore = store("c");
    assertThatThrownBy(
            () ->
                Amqp091Config.parse(
                    Map.of("uri", "amqps://host", "tls-trust-all", "", "trust-store", trustStore)))
        .hasMessage("tls-trust-all and trust-store contradict each other: give one of them");
    assertThatThrownBy(
            () ->
                Amqp091Config.parse(
                    Map.of(
                        "uri", "amqps://a,amqp://b", "sasl-external", "", "key-store", keyStore)))
        .hasMessage(
            "sasl-external needs amqps:// URIs: the client certificate travels in the TLS"
                + " handshake");
    assertThatThrownBy(() -> Amqp091Config.parse(Map.of("sasl-external", "")))
        .hasMessageStartingWith("sasl-external needs amqps:// URIs");
  }

  @Test
  void toStringMasksPasswords() {
    assertThat(Amqp091Config.parse(Map.of("uri", "amqp://bob:s3cret@host")).toString())
        .contains("amqp://bob:****@host")
        .doesNotContain("s3cret");
  }

  @Test
  void optionsCarryPerfTestAliases() {
    List<DriverOption> options = new Amqp091DriverProvider().options();

    assertThat(options).extracting(DriverOption::name).doesNotHaveDuplicates();
    assertThat(option(options, "uri").aliases()).contains("-h", "-H");
    assertThat(option(options, "exchange").aliases()).containsExactly("-e");
    assertThat(option(options, "routing-key").aliases()).containsExactly("-k");
    assertThat(option(options, "predeclared").aliases()).containsExactly("-p");
    assertThat(option(options, "predeclared").flag()).isTrue();
    assertThat(option(options, "exchange-type").aliases()).contains("-t");
    assertThat(option(options, "queue-args").aliases()).containsExactly("-qa");
    assertThat(option(options, "quorum-queue").aliases()).containsExactly("-qq");
    assertThat(option(options, "quorum-queue").flag()).isTrue();
    assertThat(option(options, "stream-queue").aliases()).containsExactly("-sq");
    assertThat(option(options, "stream-queue").flag()).isTrue();
    assertThat(option(options, "auto-delete").aliases()).containsExactly("-ad");
    assertThat(option(options, "auto-delete").flag()).isTrue();
    assertThat(option(options, "auto-delete").defaultValue()).isEqualTo("true");
    assertThat(option(options, "heartbeat").aliases()).containsExactly("-b");
    assertThat(option(options, "global-qos").aliases()).containsExactly("-Q");
    assertThat(option(options, "exclusive").aliases()).containsExactly("-E");
    assertThat(option(options, "exclusive").flag()).isTrue();
  }

  @Test
  void theProviderIsFoundByName() {
    assertThat(Drivers.find("amqp091")).isInstanceOf(Amqp091DriverProvider.class);
  }

  private static DriverOption option(List<DriverOption> options, String name) {
    return options.stream().filter(o -> o.name().equals(name)).findFirst().orElseThrow();
  }
}
