package io.brokerbench.rocketmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ClientConstructionTest {
  private final AtomicInteger attempts = new AtomicInteger();

  /** The failure RocketMQ's address lookup gives when an interface went away during its walk. */
  private static NullPointerException lostAddressLookup() {
    NullPointerException e = new NullPointerException("\"localHost\" is null");
    e.setStackTrace(
        new StackTraceElement[] {
          new StackTraceElement(
              "org.apache.rocketmq.common.utils.NetworkUtil",
              "normalizeHostAddress",
              "NetworkUtil.java",
              0),
          new StackTraceElement("org.apache.rocketmq.client.ClientConfig", "<init>", null, 0)
        });
    return e;
  }

  @Test
  void aConstructionThatLostTheAddressLookupIsTriedAgain() {
    String client =
        ClientConstruction.of(
            () -> {
              if (attempts.incrementAndGet() < 3) {
                throw lostAddressLookup();
              }
              return "client";
            });

    assertThat(client).isEqualTo("client");
    assertThat(attempts).hasValue(3);
  }

  @Test
  void theLookupFailingEveryTimeGivesUpAfterTheLastAttempt() {
    assertThatThrownBy(
            () ->
                ClientConstruction.of(
                    () -> {
                      attempts.incrementAndGet();
                      throw lostAddressLookup();
                    }))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("\"localHost\" is null");
    assertThat(attempts).hasValue(ClientConstruction.ATTEMPTS);
  }

  @Test
  void anyOtherNullPointerIsNotTriedAgain() {
    assertThatThrownBy(
            () ->
                ClientConstruction.of(
                    () -> {
                      attempts.incrementAndGet();
                      throw new NullPointerException("a bug");
                    }))
        .hasMessage("a bug");
    assertThat(attempts).hasValue(1);
  }
}
