package io.brokerbench.spi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UriPasswordsTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "amqp://u:secret@h:1/v | amqp://u:****@h:1/v",
        "amqps://u:p%40ss@h | amqps://u:****@h",
        "//u:secret@h:5672//amq/queue/q | //u:****@h:5672//amq/queue/q",
        "amqp://a:x@h1,amqp://b:y@h2 | amqp://a:****@h1,amqp://b:****@h2",
        "amqp://u@h | amqp://u@h",
        "amqp://h/a@b | amqp://h/a@b",
        "amqp://h:5672 | amqp://h:5672"
      })
  void masksOnlyThePasswords(String uri, String masked) {
    assertThat(UriPasswords.mask(uri)).isEqualTo(masked);
  }
}
