package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.impl.LongStringHelper;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class ContentHeaderScanTest {
  private static final String KEY = "ts";
  private static final byte[] KEY_BYTES = KEY.getBytes(StandardCharsets.UTF_8);
  private static final byte[] VALUE = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  private static final int MIN_LENGTH = VALUE.length;

  /**
   * The payload amqp-client puts in the content header frame of a message with these properties.
   */
  private static byte[] payload(AMQP.BasicProperties properties) throws IOException {
    return properties.toFrame(1, 1234).getPayload();
  }

  private static int scan(byte[] payload) {
    return scan(payload, payload.length);
  }

  private static int scan(byte[] contentHeader, int contentHeaderLength) {
    return ContentHeaderScan.valueOffset(contentHeader, contentHeaderLength, KEY_BYTES, MIN_LENGTH);
  }

  /** The payload at the start of a longer array, as a reused one holds it, junk after it. */
  private static byte[] followedByJunk(byte[] payload, int junk) {
    byte[] array = Arrays.copyOf(payload, payload.length + 64);
    Arrays.fill(array, payload.length, array.length, (byte) junk);
    return array;
  }

  private static AMQP.BasicProperties withHeaders(Map<String, Object> headers) {
    return new AMQP.BasicProperties.Builder().headers(headers).build();
  }

  /** Headers of every type amqp-client writes, including keys that only resemble the wanted one. */
  private static Map<String, Object> otherHeaders() {
    Map<String, Object> headers = new LinkedHashMap<>();
    headers.put("int", 42);
    headers.put("long", 1L << 40);
    headers.put("boolean", true);
    headers.put("byte", (byte) 7);
    headers.put("short", (short) 300);
    headers.put("double", 2.5);
    headers.put("float", 1.5f);
    headers.put("decimal", new BigDecimal("12.345"));
    headers.put("date", new Date(1_700_000_000_000L));
    headers.put("table", Map.of("inner", "text", KEY, VALUE));
    headers.put("list", List.of(1, "two", List.of(3L)));
    headers.put("null", null);
    headers.put("string", "hello");
    headers.put("t", VALUE);
    headers.put("tq", VALUE);
    headers.put("tss", VALUE);
    return headers;
  }

  /**
   * The other headers and the wanted one, which amqp-client writes last: it copies the headers into
   * a {@link java.util.HashMap} and writes them in that map's order, which the key names decide.
   */
  private static Map<String, Object> otherHeadersThen(Object value) {
    Map<String, Object> headers = otherHeaders();
    headers.put(KEY, value);
    assertThat(new ArrayList<>(withHeaders(headers).getHeaders().keySet()))
        .as("the order amqp-client writes the headers in")
        .last()
        .isEqualTo(KEY);
    return headers;
  }

  static Stream<Arguments> propertiesCarryingTheValue() {
    List<Named<Object>> encodings =
        List.of(
            Named.of("as byte[] ('x')", VALUE),
            Named.of("as long string ('S')", LongStringHelper.asLongString(VALUE)));
    List<Named<Function<Object, AMQP.BasicProperties>>> contexts =
        List.of(
            Named.of("alone", value -> withHeaders(Map.of(KEY, value))),
            Named.of(
                "after content type and encoding",
                value ->
                    new AMQP.BasicProperties.Builder()
                        .contentType("application/octet-stream")
                        .contentEncoding("identity")
                        .headers(Map.of(KEY, value))
                        .build()),
            Named.of("after headers of other types", value -> withHeaders(otherHeadersThen(value))),
            Named.of(
                "among all properties",
                value ->
                    new AMQP.BasicProperties.Builder()
                        .contentType("text/plain")
                        .contentEncoding("gzip")
                        .headers(otherHeadersThen(value))
                        .deliveryMode(2)
                        .priority(5)
                        .correlationId("correlation")
                        .replyTo("reply")
                        .expiration("60000")
                        .messageId("message")
                        .timestamp(new Date(1_700_000_000_000L))
                        .type("type")
                        .userId("guest")
                        .appId("app")
                        .clusterId("cluster")
                        .build()));
    return encodings.stream()
        .flatMap(encoding -> contexts.stream().map(context -> Arguments.of(encoding, context)));
  }

  @ParameterizedTest(name = "{0}, {1}")
  @MethodSource("propertiesCarryingTheValue")
  void findsTheValueBytes(Object value, Function<Object, AMQP.BasicProperties> context)
      throws IOException {
    byte[] payload = payload(context.apply(value));

    int at = scan(payload);

    assertThat(at).isNotEqualTo(ContentHeaderScan.ABSENT);
    assertThat(Arrays.copyOfRange(payload, at, at + VALUE.length)).isEqualTo(VALUE);
  }

  @Test
  void acceptsAValueLongerThanTheMinimum() throws IOException {
    byte[] payload = payload(withHeaders(Map.of(KEY, VALUE)));

    int at = ContentHeaderScan.valueOffset(payload, payload.length, KEY_BYTES, 4);

    assertThat(Arrays.copyOfRange(payload, at, at + VALUE.length)).isEqualTo(VALUE);
  }

  static Stream<Named<AMQP.BasicProperties>> propertiesWithoutAUsableValue() {
    return Stream.of(
        Named.of("no properties", new AMQP.BasicProperties()),
        Named.of(
            "no headers",
            new AMQP.BasicProperties.Builder().contentType("text/plain").deliveryMode(2).build()),
        Named.of("empty headers", withHeaders(Map.of())),
        Named.of("other headers only", withHeaders(otherHeaders())),
        Named.of(
            "value one byte short",
            withHeaders(Map.of(KEY, Arrays.copyOf(VALUE, VALUE.length - 1)))),
        Named.of("value an integer", withHeaders(Map.of(KEY, 42))),
        Named.of("value a table", withHeaders(Map.of(KEY, Map.of(KEY, VALUE)))),
        Named.of("value a list", withHeaders(Map.of(KEY, List.of(VALUE)))),
        Named.of("value null", withHeaders(otherHeadersThen(null))));
  }

  @ParameterizedTest
  @MethodSource("propertiesWithoutAUsableValue")
  void answersAbsentWithoutAUsableValue(AMQP.BasicProperties properties) throws IOException {
    assertThat(scan(payload(properties))).isEqualTo(ContentHeaderScan.ABSENT);
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2, 12, 13})
  void answersAbsentForArraysTooShortForPropertyFlags(int length) {
    assertThat(scan(new byte[length])).isEqualTo(ContentHeaderScan.ABSENT);
  }

  @Test
  void answersAbsentForEveryTruncationOfTheValue() throws IOException {
    byte[] payload = payload(withHeaders(otherHeadersThen(VALUE)));

    for (int length = 0; length < payload.length; length++) {
      assertThat(scan(Arrays.copyOf(payload, length)))
          .as("cut at %d", length)
          .isEqualTo(ContentHeaderScan.ABSENT);
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {0x00, 0x01, 0x7F, 0x80, 0xFF})
  void findsTheValueInAHeaderFollowedByJunk(int junk) throws IOException {
    byte[] payload = payload(withHeaders(otherHeadersThen(VALUE)));

    int at = scan(followedByJunk(payload, junk), payload.length);

    assertThat(at).isEqualTo(scan(payload)).isNotEqualTo(ContentHeaderScan.ABSENT);
  }

  /** The whole value is in the array, after the end its length sets. */
  @ParameterizedTest
  @ValueSource(ints = {0x00, 0x7F, 0xFF})
  void answersAbsentWhenTheLengthCutsTheValueOff(int junk) throws IOException {
    byte[] payload = payload(withHeaders(otherHeadersThen(VALUE)));
    byte[] array = followedByJunk(payload, junk);

    for (int length = 0; length < payload.length; length++) {
      assertThat(scan(array, length)).as("length %d", length).isEqualTo(ContentHeaderScan.ABSENT);
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {0x00, 0x01, 0x7F, 0x80, 0xFF})
  void neverThrowsNorPointsPastTheEndWhateverByteIsGarbled(int garbage) throws IOException {
    byte[] payload =
        payload(
            new AMQP.BasicProperties.Builder()
                .contentType("text/plain")
                .headers(otherHeadersThen(VALUE))
                .build());

    for (int i = 0; i < payload.length; i++) {
      byte[] garbled = payload.clone();
      garbled[i] = (byte) garbage;

      int at = scan(garbled);

      assertThat(at == ContentHeaderScan.ABSENT || at >= 0 && at + MIN_LENGTH <= garbled.length)
          .as("offset %d with byte %d set to %d", at, i, garbage)
          .isTrue();
    }
  }

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void answersAbsentForAValueLengthPastTheEnd(boolean garbledIsWanted) throws IOException {
    Map<String, Object> headers = new LinkedHashMap<>();
    headers.put("garbled", new byte[] {(byte) 0xAB});
    headers.put("after", VALUE);
    byte[] payload = payload(withHeaders(headers));
    int lengthAt = indexOf(payload, new byte[] {0, 0, 0, 1, (byte) 0xAB});
    byte[] nearlyMaxInt = {0x7F, (byte) 0xFF, (byte) 0xFF, (byte) 0xF0};
    System.arraycopy(nearlyMaxInt, 0, payload, lengthAt, nearlyMaxInt.length);
    String wanted = garbledIsWanted ? "garbled" : "after";

    assertThat(
            ContentHeaderScan.valueOffset(
                payload, payload.length, wanted.getBytes(StandardCharsets.UTF_8), 1))
        .isEqualTo(ContentHeaderScan.ABSENT);
  }

  private static int indexOf(byte[] bytes, byte[] part) {
    for (int i = 0; i + part.length <= bytes.length; i++) {
      if (Arrays.equals(bytes, i, i + part.length, part, 0, part.length)) {
        return i;
      }
    }
    throw new AssertionError("not found: " + Arrays.toString(part));
  }
}
