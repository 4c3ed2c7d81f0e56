package io.brokerbench.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.spi.StreamStart.Kind;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class StreamStartTest {
  private static final Instant NOW = Instant.parse("2026-01-31T12:00:00Z");
  private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

  private static StreamStart parse(String text) {
    return StreamStart.parse(text, CLOCK);
  }

  @Test
  void namedStartsAndOffsets() {
    assertThat(parse("First").kind()).isEqualTo(Kind.FIRST);
    assertThat(parse("last").kind()).isEqualTo(Kind.LAST);
    assertThat(parse("next").kind()).isEqualTo(Kind.NEXT);
    assertThat(parse("offset:42")).isEqualTo(new StreamStart(Kind.OFFSET, 42, null));
    assertThat(parse("42")).isEqualTo(new StreamStart(Kind.OFFSET, 42, null));
  }

  @Test
  void everyTimeFormAgrees() {
    StreamStart iso = parse("timestamp:2026-01-31T12:00:00Z");
    long millis = NOW.toEpochMilli();

    assertThat(iso).isEqualTo(new StreamStart(Kind.TIMESTAMP, 0, NOW));
    assertThat(parse("2026-01-31T12:00:00Z")).isEqualTo(iso);
    assertThat(parse("timestamp:" + millis)).isEqualTo(iso);
    assertThat(parse("timestamp:20260131120000").time())
        .isEqualTo(
            LocalDateTime.parse("2026-01-31T12:00:00").atZone(ZoneId.systemDefault()).toInstant());
    assertThat(parse("10m ago").time()).isEqualTo(NOW.minusSeconds(600));
    assertThat(parse("PT1H ago").time()).isEqualTo(NOW.minusSeconds(3_600));
    assertThat(parse("2d ago").time()).isEqualTo(NOW.minusSeconds(2 * 86_400));
  }

  @Test
  void theTextReadsBack() {
    assertThat(parse(parse("timestamp:2026-01-31T12:00:00Z").toString()))
        .isEqualTo(parse("timestamp:2026-01-31T12:00:00Z"));
    assertThat(parse("offset:7").toString()).isEqualTo("offset:7");
  }

  @Test
  void otherTextSaysWhy() {
    assertThatThrownBy(() -> parse("yesterday"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("'yesterday' is not a time");
    assertThatThrownBy(() -> parse("10 fortnights ago"))
        .hasMessage("a duration ends with ms, s, m, h or d");
    assertThatThrownBy(() -> parse("offset:-1"))
        .hasMessage("an offset is a whole number from 0 up");
  }
}
