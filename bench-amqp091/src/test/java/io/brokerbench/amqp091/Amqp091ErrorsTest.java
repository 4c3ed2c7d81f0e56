package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.AuthenticationFailureException;
import com.rabbitmq.client.ShutdownSignalException;
import com.rabbitmq.client.impl.AMQImpl;
import java.io.IOException;
import java.net.ConnectException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class Amqp091ErrorsTest {
  private static final BrokerAddress BROKER =
      BrokerAddress.parse("amqp://alice:hunter2@10.0.0.5:5673/perf");
  private static final Duration TIMEOUT = Duration.ofSeconds(5);

  private static ShutdownSignalException channelClose(int code, String text) {
    return new ShutdownSignalException(
        false, false, new AMQImpl.Channel.Close(code, text, 50, 10), null);
  }

  private static ShutdownSignalException connectionClose(int code, String text) {
    return new ShutdownSignalException(
        true, false, new AMQImpl.Connection.Close(code, text, 0, 0), null);
  }

  @Test
  void refusedConnection() {
    assertThat(
            Amqp091Errors.connectFailed(BROKER, TIMEOUT, new ConnectException("Connection refused"))
                .getMessage())
        .isEqualTo(
            "cannot connect to 10.0.0.5:5673 (Connection refused): is the broker running and"
                + " listening there?");
  }

  @Test
  void authenticationFailureNamesTheUserNotThePassword() {
    String message =
        Amqp091Errors.connectFailed(
                BROKER, TIMEOUT, new AuthenticationFailureException("ACCESS_REFUSED - Login"))
            .getMessage();

    assertThat(message).startsWith("authentication failed for user 'alice' at 10.0.0.5:5673");
    assertThat(message).doesNotContain("hunter2");
  }

  @Test
  void missingVirtualHost() {
    IOException e =
        new IOException(
            null, connectionClose(AMQP.NOT_ALLOWED, "NOT_ALLOWED - vhost perf not found"));

    assertThat(Amqp091Errors.connectFailed(BROKER, TIMEOUT, e).getMessage())
        .isEqualTo(
            "virtual host 'perf' at 10.0.0.5:5673 does not exist or user 'alice' may not use it"
                + " (NOT_ALLOWED - vhost perf not found)");
  }

  @Test
  void preconditionFailedKeepsTheBrokersExplanation() {
    IOException e =
        new IOException(
            null,
            channelClose(
                AMQP.PRECONDITION_FAILED,
                "PRECONDITION_FAILED - inequivalent arg 'x-queue-type' for queue 'q'"));

    assertThat(Amqp091Errors.operationFailed("declare queue 'q'", e).getMessage())
        .isEqualTo(
            "cannot declare queue 'q': it exists with different settings (PRECONDITION_FAILED -"
                + " inequivalent arg 'x-queue-type' for queue 'q'): delete it or declare it the"
                + " same way");
  }

  @Test
  void closedChannelAndConnectionWhileRunning() {
    assertThat(
            Amqp091Errors.closedWhileRunning(
                    "producer 0",
                    BROKER,
                    channelClose(AMQP.NOT_FOUND, "NOT_FOUND - no exchange 'x' in vhost 'perf'"))
                .getMessage())
        .isEqualTo(
            "producer 0 stopped: the broker closed its channel: NOT_FOUND - no exchange 'x' in"
                + " vhost 'perf'");
    assertThat(
            Amqp091Errors.closedWhileRunning(
                    "consumer 1",
                    BROKER,
                    connectionClose(AMQP.CONNECTION_FORCED, "CONNECTION_FORCED - shutdown"))
                .getMessage())
        .isEqualTo(
            "consumer 1 stopped: the connection to 10.0.0.5:5673 closed: CONNECTION_FORCED -"
                + " shutdown");
  }
}
