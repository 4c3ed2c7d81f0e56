package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.AuthenticationFailureException;
import com.rabbitmq.client.ShutdownSignalException;
import com.rabbitmq.client.impl.AMQImpl;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.time.Duration;
import javax.net.ssl.SSLHandshakeException;
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
            Amqp091Errors.connectFailed(
                    BROKER, TIMEOUT, false, false, new ConnectException("Connection refused"))
                .getMessage())
        .isEqualTo(
            "cannot connect to 10.0.0.5:5673 (Connection refused): is the broker running and"
                + " listening there?");
  }

  @Test
  void authenticationFailureNamesTheUserNotThePassword() {
    String message =
        Amqp091Errors.connectFailed(
                BROKER,
                TIMEOUT,
                false,
                false,
                new AuthenticationFailureException("ACCESS_REFUSED - Login"))
            .getMessage();

    assertThat(message).startsWith("authentication failed for user 'alice' at 10.0.0.5:5673");
    assertThat(message).doesNotContain("hunter2");
  }

  @Test
  void missingVirtualHost() {
    IOException e =
        new IOException(
            null, connectionClose(AMQP.NOT_ALLOWED, "NOT_ALLOWED - vhost perf not found"));

    assertThat(Amqp091Errors.connectFailed(BROKER, TIMEOUT, false, false, e).getMessage())
        .isEqualTo(
            "virtual host 'perf' does not exist at 10.0.0.5:5673 or user 'alice' may not use it"
                + " (NOT_ALLOWED - vhost perf not found): create it (rabbitmqctl add_vhost perf)"
                + " and grant the user access, or name an existing one");
  }

  @Test
  void aCertificateAlertFromTheBrokerSaysTheClientCertificateWasNotAccepted() {
    IOException e =
        new IOException(new SSLHandshakeException("Received fatal alert: certificate_required"));

    assertThat(Amqp091Errors.connectFailed(BROKER, TIMEOUT, false, false, e).getMessage())
        .isEqualTo(
            "the broker at 10.0.0.5:5673 did not accept the client certificate (Received fatal"
                + " alert: certificate_required): give a key-store whose certificate the broker"
                + " trusts");
  }

  @Test
  void saslExternalRefusedByTheBrokerSaysTheCertificateWasNotAccepted() {
    String refused =
        Amqp091Errors.connectFailed(
                BROKER,
                TIMEOUT,
                true,
                false,
                new AuthenticationFailureException(
                    "ACCESS_REFUSED - Login was refused using authentication mechanism EXTERNAL"))
            .getMessage();
    String dropped =
        Amqp091Errors.connectFailed(
                BROKER, TIMEOUT, true, false, new IOException(new SocketException("Broken pipe")))
            .getMessage();

    assertThat(refused)
        .isEqualTo(
            "the broker at 10.0.0.5:5673 did not accept the client certificate for SASL EXTERNAL"
                + " (ACCESS_REFUSED - Login was refused using authentication mechanism EXTERNAL):"
                + " give a key-store whose certificate the broker trusts and names a user it"
                + " knows");
    assertThat(dropped)
        .isEqualTo(
            "the broker at 10.0.0.5:5673 did not accept the client certificate for SASL EXTERNAL"
                + " (it closed the connection after the TLS handshake: Broken pipe): give a"
                + " key-store whose certificate the broker trusts and names a user it knows");
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
  void resourceLockedSaysAnotherConnectionHoldsTheQueue() {
    IOException e =
        new IOException(
            null,
            channelClose(
                AMQP.RESOURCE_LOCKED,
                "RESOURCE_LOCKED - cannot obtain exclusive access to locked queue 'q'"));

    assertThat(Amqp091Errors.operationFailed("declare exclusive queue 'q'", e).getMessage())
        .isEqualTo(
            "cannot declare exclusive queue 'q': another connection holds it as an exclusive"
                + " queue (RESOURCE_LOCKED - cannot obtain exclusive access to locked queue 'q'):"
                + " use another queue name, or stop the client that holds it");
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

  @Test
  void anEmbeddedBrokerThatDoesNotAnswerIsNotBlamedOnTheUsersPort() {
    IOException e = new IOException(new java.net.SocketTimeoutException("Read timed out"));

    assertThat(Amqp091Errors.connectFailed(BROKER, Duration.ofSeconds(60), false, true, e))
        .hasMessage(
            "the embedded Qpid broker at 10.0.0.5:5673 did not answer within 60000 ms: the machine"
                + " may be overloaded (give a uri to use another broker)")
        .hasMessageNotContaining("port?");
    assertThat(Amqp091Errors.connectFailed(BROKER, TIMEOUT, false, false, e).getMessage())
        .contains("is it an AMQP 0.9.1 port?");
  }
}
