package io.brokerbench.rocketmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.rocketmq.RocketMqConfig.ConsumeFrom;
import io.brokerbench.rocketmq.RocketMqConfig.HeaderEncoding;
import io.brokerbench.rocketmq.RocketMqConfig.SendMode;
import io.brokerbench.rocketmq.RocketMqConfig.TopicSetup;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.DriverOption;
import io.brokerbench.workload.WorkloadException;
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
    for (DriverOption option : RocketMqConfig.declared()) {
      assertThat(option.description()).isNotBlank();
      if (option.name().equals("consume-from")) {
        assertThat(option.defaultValue()).isEqualTo("auto");
      }
    }
  }

  @Test
  void theRocketMqToolsShortOptionsAreAliases() {
    assertThat(RocketMqConfig.declared())
        .filteredOn(o -> !o.aliases().isEmpty())
        .extracting(o -> o.aliases().get(0))
        .contains("-n", "-k", "-g", "-e", "-ak", "-sk");
  }

  @Test
  void theSecretKeyIsDeclaredSecretAndNeverPrinted() throws Exception {
    assertThat(RocketMqConfig.declared())
        .filteredOn(o -> o.name().equals("secret-key"))
        .singleElement()
        .matches(DriverOption::secret);

    RocketMqConfig config =
        RocketMqConfig.parse(Map.of("access-key", "ak1", "secret-key", "s3cr3t-value"));

    assertThat(config.toString()).contains("ak1").doesNotContain("s3cr3t-value");
  }

  @Test
  void consumeFromTakesATimestamp() throws Exception {
    RocketMqConfig config =
        RocketMqConfig.parse(Map.of("consume-from", "timestamp:20260101120000"));

    assertThat(config.consumeFrom()).isEqualTo(ConsumeFrom.TIMESTAMP);
    assertThat(config.consumeTimestamp()).isEqualTo("20260101120000");
    assertThatThrownBy(() -> RocketMqConfig.parse(Map.of("consume-from", "timestamp:yesterday")))
        .isInstanceOf(DriverException.class)
        .hasMessageContaining("yyyyMMddHHmmss");
  }

  @Test
  void invalidValuesNameTheOption() {
    assertThatThrownBy(() -> RocketMqConfig.parse(Map.of("queues-per-topic", "0")))
        .isInstanceOf(WorkloadException.class)
        .hasMessage("queues-per-topic must be between 1 and 1024 (got 0)");
    assertThatThrownBy(() -> RocketMqConfig.parse(Map.of("keys", "yes")))
        .hasMessage("keys is a flag: true or false (got 'yes')");
    assertThatThrownBy(() -> RocketMqConfig.parse(Map.of("access-key", "a")))
        .hasMessage("give both access-key and secret-key, or neither");
    assertThatThrownBy(() -> RocketMqConfig.parse(Map.of("filter-type", "regex")))
        .hasMessage("filter-type must be TAG or SQL92 (got 'REGEX')");
    assertThatThrownBy(() -> RocketMqConfig.parse(Map.of("header-encoding", "xml")))
        .hasMessage("header-encoding must be one of rocketmq, json (got 'xml')");
  }

  @Test
  void theProviderIsFoundByServiceLoader() {
    assertThat(ServiceLoader.load(io.brokerbench.spi.DriverProvider.class))
        .extracting(io.brokerbench.spi.DriverProvider::name)
        .contains("rocketmq");
  }
}
