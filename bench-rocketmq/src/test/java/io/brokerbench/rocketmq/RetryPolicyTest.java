package io.brokerbench.rocketmq;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.stream.Stream;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.remoting.exception.RemotingConnectException;
import org.apache.rocketmq.remoting.exception.RemotingSendRequestException;
import org.apache.rocketmq.remoting.exception.RemotingTimeoutException;
import org.apache.rocketmq.remoting.exception.RemotingTooMuchRequestException;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The driver retries what rocketmq-client 5.5.0 would retry, as the client reports failures. */
class RetryPolicyTest {
  private final RetryPolicy policy =
      new RetryPolicy(
          2, Duration.ofSeconds(3), new DefaultMQProducer("policy").getRetryResponseCodes());

  /** The client's wrapping of a sync send's last failed attempt. */
  private static MQClientException afterLastAttempt(Exception attempt) {
    return new MQClientException("Send [1] times, still failed, cost [1]ms", attempt);
  }

  static Stream<Arguments> failures() {
    MQBrokerException busy = new MQBrokerException(ResponseCode.SYSTEM_BUSY, "broker busy");
    MQBrokerException illegal = new MQBrokerException(ResponseCode.MESSAGE_ILLEGAL, "too big");
    return Stream.of(
        Arguments.of("async: connection refused", false, new RemotingConnectException("b"), true),
        Arguments.of(
            "async: request not sent",
            false,
            new MQClientException("send request failed", new RemotingSendRequestException("b")),
            true),
        Arguments.of(
            "async: no answer in time",
            false,
            new MQClientException("wait response timeout", new RemotingTimeoutException("t")),
            true),
        Arguments.of("async: broker busy", false, busy, false),
        Arguments.of(
            "async: call timeout", false, new RemotingTooMuchRequestException("timeout"), false),
        Arguments.of(
            "async: broker address unknown",
            false,
            afterLastAttempt(new MQClientException("The broker[b] not exist", null)),
            false),
        Arguments.of(
            "sync: connection refused",
            true,
            afterLastAttempt(new RemotingConnectException("b")),
            true),
        Arguments.of("sync: broker busy", true, afterLastAttempt(busy), true),
        Arguments.of("sync: message illegal", true, illegal, false),
        Arguments.of(
            "sync: broker address unknown",
            true,
            afterLastAttempt(new MQClientException("The broker[b] not exist", null)),
            true),
        Arguments.of(
            "sync: no route",
            true,
            new MQClientException("No route info of this topic", null),
            false),
        Arguments.of(
            "sync: call timeout", true, new RemotingTooMuchRequestException("timeout"), false),
        Arguments.of("sync: interrupted", true, new InterruptedException(), false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("failures")
  void retriesWhatTheClientWouldRetry(
      String name, boolean sync, Exception failure, boolean retried) {
    assertThat(policy.retryable(failure, sync)).isEqualTo(retried);
  }

  @Test
  void aRetryGetsTheTimeLeftOfTheSendTimeout() {
    long deadline = policy.deadlineNanos(System.nanoTime());

    long timeoutMillis =
        policy.retryTimeoutMillis(new RemotingConnectException("b"), false, 0, deadline);

    assertThat(timeoutMillis).isBetween(2_000L, 3_000L);
  }

  @Test
  void noRetryWhenTheRetriesOrTheTimeAreUsedUp() {
    RemotingConnectException refused = new RemotingConnectException("b");
    long deadline = policy.deadlineNanos(System.nanoTime());

    assertThat(policy.retryTimeoutMillis(refused, false, 1, deadline)).isPositive();
    assertThat(policy.retryTimeoutMillis(refused, false, 2, deadline)).isZero();
    assertThat(policy.retryTimeoutMillis(refused, false, 0, System.nanoTime() - 1)).isZero();
  }
}
