package io.brokerbench.rocketmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.rocketmq.RocketMqConfig.ConsumeFrom;
import io.brokerbench.rocketmq.RocketMqConfig.HeaderEncoding;
import io.brokerbench.rocketmq.RocketMqConfig.SendMode;
import io.brokerbench.rocketmq.RocketMqConfig.TopicSetup;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.DriverOption;
import io.brokerbench.spi.OptionException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class RocketMqConfigTest {

  @Test
  void defaultsMatchTheDeclaredOptions() throws Exception {
    RocketMqConfig config = RocketMqConfig.parse(Map.of());

    assertThat(config.nameServer()).isNull();
    assertThat(config.sendMode()).isEqualTo(SendMode.ASYNC);
    assertThat(config.consumeFrom()).isNull();
    assertThat(config.topicSetup()).isEqualTo(TopicSetup.CREATE);
    assertThat(config.queuesPerTopic()).isEqualTo(8);
    assertThat(config.filter()).isEqualTo("*");
    assertThat(config.headerEncoding()).isEqualTo(HeaderEncoding.ROCKETMQ);
    for (DriverOption option : RocketMqConfig.OPTIONS.help()) {
      assertThat(option.description()).isNotBlank();
      if (option.name().equals("consume-from")) {
        assertThat(option.defaultValue()).isEqualTo("auto");
      }
    }
  }

  @Test
  void theRocketMqToolsShortOptionsAreAliases() {
    assertThat(RocketMqConfig.OPTIONS.help())
        .filteredOn(o -> !o.aliases().isEmpty())
        .extracting(o -> o.aliases().get(0))
        .contains("-n", "-k", "-g", "-e", "-ak", "-sk");
  }

  @Test
  void theSecretKeyIsDeclaredSecretAndNeverPrinted() throws Exception {
    assertThat(RocketMqConfig.OPTIONS.help())
        .filteredOn(o -> o.name().equals("secret-key"))
        .singleElement()
        .matches(DriverOption::secret);

    RocketMqConfig config =
        RocketMqConfig.parse(Map.of("access-key", "ak1", "secret-key", "s3cr3t-value"));

    assertThat(config.toString()).contains("ak1").doesNotContain("s3cr3t-value");
  }

  @Test
  void consumeFromTakesTheStartSyntaxEveryDriverShares() {
    RocketMqConfig tool = RocketMqConfig.parse(Map.of("consume-from", "timestamp:20260101120000"));
    Instant noon =
        LocalDateTime.parse("2026-01-01T12:00:00").atZone(ZoneId.systemDefault()).toInstant();
    RocketMqConfig iso = RocketMqConfig.parse(Map.of("consume-from", "timestamp:" + noon));
    RocketMqConfig millis =
        RocketMqConfig.parse(Map.of("consume-from", "timestamp:" + noon.toEpochMilli()));

    assertThat(tool.consumeFrom()).isEqualTo(ConsumeFrom.TIMESTAMP);
    assertThat(tool.consumeTimestamp()).isEqualTo("20260101120000");
    assertThat(iso.consumeTimestamp()).isEqualTo("20260101120000");
    assertThat(millis.consumeTimestamp()).isEqualTo("20260101120000");
    assertThat(RocketMqConfig.parse(Map.of("consume-from", "10m ago")).consumeFrom())
        .isEqualTo(ConsumeFrom.TIMESTAMP);
    assertThat(RocketMqConfig.parse(Map.of("consume-from", "next")).consumeFrom())
        .isEqualTo(ConsumeFrom.LAST);
    assertThatThrownBy(() -> RocketMqConfig.parse(Map.of("consume-from", "timestamp:yesterday")))
        .isInstanceOf(OptionException.class)
        .hasMessageStartingWith("consume-from must be auto, first, last, next, timestamp:TIME")
        .hasMessageEndingWith("(got 'timestamp:yesterday')");
    assertThatThrownBy(() -> RocketMqConfig.parse(Map.of("consume-from", "offset:5")))
        .hasMessageContaining("a RocketMQ group cannot start at an offset");
  }

  @Test
  void invalidValuesNameTheOptionTheValueAndWhatIsAccepted() {
    assertThatThrownBy(() -> RocketMqConfig.parse(Map.of("queues-per-topic", "0")))
        .isInstanceOf(OptionException.class)
        .hasMessage("queues-per-topic must be a whole number from 1 to 1024 (got '0')");
    assertThatThrownBy(() -> RocketMqConfig.parse(Map.of("keys", "yes")))
        .hasMessage("keys must be true or false (got 'yes')");
    assertThatThrownBy(() -> RocketMqConfig.parse(Map.of("access-key", "a")))
        .isInstanceOf(OptionException.class)
        .hasMessage("give both access-key and secret-key, or neither");
    assertThatThrownBy(() -> RocketMqConfig.parse(Map.of("filter-type", "regex")))
        .hasMessage("filter-type must be tag or sql92 (got 'regex')");
    assertThatThrownBy(() -> RocketMqConfig.parse(Map.of("header-encoding", "xml")))
        .hasMessage("header-encoding must be rocketmq or json (got 'xml')");
    assertThatThrownBy(() -> RocketMqConfig.parse(Map.of("send-mode", "bogus")))
        .isInstanceOf(OptionException.class)
        .hasMessage("send-mode must be async, sync or oneway (got 'bogus')");
  }

  @Test
  void aNameServerThatIsNotHostColonPortIsNamed() {
    assertThatThrownBy(() -> RocketMqConfig.parse(Map.of("name-server", "not a host")))
        .isInstanceOf(OptionException.class)
        .hasMessage(
            "name-server must be HOST:PORT addresses separated by ';': 'not a host' is not"
                + " HOST:PORT (got 'not a host')");
    assertThatThrownBy(() -> RocketMqConfig.parse(Map.of("name-server", "h:9876;h2:x")))
        .hasMessageContaining("the port of 'h2:x' is not a number");
    assertThat(RocketMqConfig.parse(Map.of("name-server", "h:9876;h2:9877")).nameServer())
        .isEqualTo("h:9876;h2:9877");
  }

  @Test
  void aProducerThatCannotKeepItsWindowOrFitItsBatchIsRefused() throws Exception {
    RocketMqConfig sync = RocketMqConfig.parse(Map.of("send-mode", "sync"));
    RocketMqConfig batch = RocketMqConfig.parse(Map.of("batch", "16"));

    assertThatThrownBy(() -> sync.checkProducer(4, 100, 4 << 20))
        .isInstanceOf(DriverException.class)
        .hasMessage(
            "--send-mode sync sends one message at a time per producer, so 4 in flight (-w or"
                + " --in-flight) cannot be kept: use --producers 4 for that many sync senders, or"
                + " leave out --send-mode sync");
    sync.checkProducer(1, 100, 4 << 20);
    assertThatThrownBy(() -> batch.checkProducer(64, 1_000, 16_000))
        .isInstanceOf(DriverException.class)
        .hasMessage(
            "a batch of 16 messages of 1000 B exceeds RocketMQ's 16000-byte request limit: use a"
                + " smaller batch");
    batch.checkProducer(64, 100, 16_000);
  }

  @Test
  void theProviderIsFoundByServiceLoader() {
    assertThat(ServiceLoader.load(io.brokerbench.spi.DriverProvider.class))
        .extracting(io.brokerbench.spi.DriverProvider::name)
        .contains("rocketmq");
  }
}
