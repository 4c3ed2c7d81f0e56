package io.brokerbench.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DeclaredOptionTest {
  private enum Mode {
    ASYNC,
    LITE_PULL
  }

  private static final DeclaredOption<Mode> MODE =
      DeclaredOption.choice("mode", "how", Mode.class, Mode.ASYNC);

  @Test
  void helpAndParsingComeFromTheSameDeclaration() {
    DriverOption help = MODE.withAliases("-m").help();

    assertThat(help.name()).isEqualTo("mode");
    assertThat(help.aliases()).containsExactly("-m");
    assertThat(help.defaultValue()).isEqualTo("async");
    assertThat(MODE.from(Map.of())).isEqualTo(Mode.ASYNC);
    assertThat(MODE.from(Map.of("mode", " Lite-Pull "))).isEqualTo(Mode.LITE_PULL);
  }

  @Test
  void aBadChoiceNamesTheOptionTheValueAndTheAcceptedOnes() {
    assertThatThrownBy(() -> MODE.from(Map.of("mode", "bogus")))
        .isInstanceOf(OptionException.class)
        .hasMessage("mode must be async or lite-pull (got 'bogus')");
  }

  @Test
  void numbersAreCheckedAgainstTheirRange() {
    DeclaredOption<Duration> timeout =
        DeclaredOption.millis("timeout-ms", "wait", 5_000, 1, 60_000);

    assertThat(timeout.help().defaultValue()).isEqualTo("5000");
    assertThat(timeout.from(Map.of("timeout-ms", ""))).isEqualTo(Duration.ofSeconds(5));
    assertThatThrownBy(() -> timeout.from(Map.of("timeout-ms", "0")))
        .isInstanceOf(OptionException.class)
        .hasMessage("timeout-ms must be a whole number from 1 to 60000 (milliseconds) (got '0')");
    assertThatThrownBy(() -> timeout.from(Map.of("timeout-ms", "ten")))
        .hasMessage("timeout-ms must be a whole number from 1 to 60000 (milliseconds) (got 'ten')");
  }

  @Test
  void booleansMayBeGivenWithoutAValue() {
    DeclaredOption<Boolean> declare = DeclaredOption.bool("declare", "declare queues", true);

    assertThat(declare.help().flag()).isTrue();
    assertThat(declare.help().defaultValue()).isEqualTo("true");
    assertThat(declare.from(Map.of("declare", ""))).isTrue();
    assertThat(declare.from(Map.of("declare", "FALSE"))).isFalse();
    assertThatThrownBy(() -> declare.from(Map.of("declare", "yes")))
        .hasMessage("declare must be true or false (got 'yes')");
  }

  @Test
  void aParserReasonIsShownAndASecretValueIsNot() {
    DeclaredOption<String> url =
        DeclaredOption.<String>of(
                "url",
                "broker",
                text -> {
                  throw new IllegalArgumentException("the port is not a number");
                },
                "amqp://HOST[:PORT]")
            .shownAs(text -> text.replace("secret", "****"));
    DeclaredOption<String> password =
        DeclaredOption.<String>of(
                "password",
                "password",
                text -> {
                  throw new IllegalArgumentException();
                },
                "printable")
            .asSecret();

    assertThatThrownBy(() -> url.from(Map.of("url", "amqp://u:secret@h:x")))
        .hasMessage(
            "url must be amqp://HOST[:PORT]: the port is not a number (got 'amqp://u:****@h:x')");
    assertThatThrownBy(() -> password.from(Map.of("password", "hunter2")))
        .hasMessage("password must be printable");
  }
}
