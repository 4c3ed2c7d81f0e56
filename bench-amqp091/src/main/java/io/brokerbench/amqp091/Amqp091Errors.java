package io.brokerbench.amqp091;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.AuthenticationFailureException;
import com.rabbitmq.client.PossibleAuthenticationFailureException;
import com.rabbitmq.client.ShutdownSignalException;
import io.brokerbench.rabbitmq.BrokerReplies;
import io.brokerbench.spi.ConnectFailure;
import io.brokerbench.spi.DriverException;
import java.io.EOFException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.time.Duration;
import javax.net.ssl.SSLException;

/**
 * Turns amqp-client's exceptions into one-line {@link DriverException}s a user can act on. The
 * broker's reply text (such as {@code NOT_FOUND - no exchange 'x' in vhost '/'}) is kept: it names
 * the object and the difference. Passwords never appear: messages use user names and host:port.
 */
final class Amqp091Errors {
  private static final int ACCESS_REFUSED = AMQP.ACCESS_REFUSED;
  private static final int PRECONDITION_FAILED = AMQP.PRECONDITION_FAILED;
  private static final int NOT_FOUND = AMQP.NOT_FOUND;
  private static final int RESOURCE_LOCKED = AMQP.RESOURCE_LOCKED;

  private Amqp091Errors() {}

  /**
   * Opening a connection to {@code address} failed; {@code saslExternal} says the client
   * authenticated with its certificate rather than the URI's user and password, {@code embedded}
   * that the address is the broker the driver started (so the user's address cannot be wrong).
   */
  static DriverException connectFailed(
      BrokerAddress address,
      Duration timeout,
      boolean saslExternal,
      boolean embedded,
      Throwable e) {
    String endpoint = address.endpoint();
    String alert = certificateAlert(e);
    if (alert != null || (saslExternal && (authenticationRefused(e) || closedAfterConnect(e)))) {
      return new DriverException(
          "the broker at "
              + endpoint
              + " did not accept the client certificate"
              + (saslExternal ? " for SASL EXTERNAL" : "")
              + " ("
              + (alert != null
                  ? alert
                  : authenticationRefused(e)
                      ? ConnectFailure.oneLine(ConnectFailure.rootCause(e))
                      : "it closed the connection after the TLS handshake: "
                          + ConnectFailure.oneLine(ConnectFailure.rootCause(e)))
              + "): give a key-store whose certificate the broker trusts"
              + (saslExternal ? " and names a user it knows" : ""),
          e);
    }
    if (e instanceof AuthenticationFailureException) {
      return new DriverException(
          "authentication failed for user '"
              + address.user()
              + "' at "
              + endpoint
              + ": check the user name and password in the URI",
          e);
    }
    if (e instanceof PossibleAuthenticationFailureException) {
      return new DriverException(
          "authentication failed for user '"
              + address.user()
              + "' at "
              + endpoint
              + " (the broker closed the connection during login): check the user name and"
              + " password in the URI",
          e);
    }
    String refused = BrokerReplies.refusedLogin(e, endpoint, address.virtualHost(), address.user());
    if (refused != null) {
      return new DriverException(refused, e);
    }
    Throwable root = ConnectFailure.rootCause(e);
    String why = ConnectFailure.oneLine(root);
    String message =
        switch (ConnectFailure.of(e)) {
          case REFUSED ->
              "cannot connect to "
                  + endpoint
                  + " ("
                  + why
                  + "): is the broker running and listening there?";
          case UNKNOWN_HOST -> "cannot connect to " + endpoint + ": unknown host";
          case TIMED_OUT ->
              embedded
                  ? "the embedded Qpid broker at "
                      + endpoint
                      + " did not answer within "
                      + timeout.toMillis()
                      + " ms: the machine may be overloaded (give a uri to use another broker)"
                  : "cannot connect to "
                      + endpoint
                      + ": no AMQP answer within "
                      + timeout.toMillis()
                      + " ms (is it an AMQP 0.9.1 port? raise connect-timeout-ms for slow links)";
          case TLS_HANDSHAKE ->
              "TLS handshake with "
                  + endpoint
                  + " failed ("
                  + why
                  + "): is it a TLS port, and is its certificate trusted? (tls-trust-all accepts"
                  + " any, for tests only)";
          case OTHER -> "cannot connect to " + endpoint + ": " + why;
        };
    return new DriverException(message, e);
  }

  private static boolean authenticationRefused(Throwable e) {
    return e instanceof AuthenticationFailureException
        || e instanceof PossibleAuthenticationFailureException;
  }

  /**
   * True when the broker accepted the TCP connection and then dropped it. With TLS 1.3 a broker
   * refusing the client certificate sends its alert after the client finished the handshake, so the
   * client often sees only the dropped connection (broken pipe, reset) on its next write.
   */
  private static boolean closedAfterConnect(Throwable e) {
    Throwable root = ConnectFailure.rootCause(e);
    return (root instanceof SocketException
            && !(root instanceof ConnectException)
            && !(root instanceof NoRouteToHostException))
        || root instanceof EOFException
        || root instanceof SSLException;
  }

  /**
   * The TLS alert by which the broker refused the client's certificate (or its missing one), such
   * as {@code Received fatal alert: certificate_required}, or null.
   */
  private static String certificateAlert(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      String message = t.getMessage();
      if (t instanceof SSLException
          && message != null
          && message.contains("Received fatal alert")
          && (message.contains("certificate")
              || message.contains("unknown_ca")
              || message.contains("access_denied"))) {
        return message;
      }
    }
    return null;
  }

  /**
   * A channel operation failed; {@code action} says what was attempted, such as {@code declare
   * queue 'q'}.
   */
  static DriverException operationFailed(String action, Throwable e) {
    ShutdownSignalException shutdown = BrokerReplies.shutdownCause(e);
    if (shutdown == null) {
      return new DriverException(
          "cannot " + action + ": " + ConnectFailure.oneLine(ConnectFailure.rootCause(e)), e);
    }
    return switch (BrokerReplies.replyCode(shutdown)) {
      case PRECONDITION_FAILED ->
          new DriverException(
              "cannot "
                  + action
                  + ": it exists with different settings ("
                  + BrokerReplies.replyText(shutdown)
                  + "): delete it or declare it the same way",
              e);
      case NOT_FOUND ->
          new DriverException("cannot " + action + ": " + BrokerReplies.replyText(shutdown), e);
      case ACCESS_REFUSED ->
          new DriverException(
              "cannot "
                  + action
                  + ": permission denied ("
                  + BrokerReplies.replyText(shutdown)
                  + ")",
              e);
      case RESOURCE_LOCKED ->
          new DriverException(
              "cannot "
                  + action
                  + ": another connection holds it as an exclusive queue ("
                  + BrokerReplies.replyText(shutdown)
                  + "): use another queue name, or stop the client that holds it",
              e);
      default ->
          new DriverException("cannot " + action + ": " + BrokerReplies.replyText(shutdown), e);
    };
  }

  /**
   * A channel or connection used by {@code who} (such as {@code producer 0 (exchange '', routing
   * key 'q')}) closed while running.
   */
  static DriverException closedWhileRunning(String who, BrokerAddress address, Throwable cause) {
    ShutdownSignalException shutdown = BrokerReplies.shutdownCause(cause);
    if (shutdown != null && shutdown.isHardError()) {
      return new DriverException(
          who
              + " stopped: the connection to "
              + address.endpoint()
              + " closed: "
              + BrokerReplies.replyText(shutdown),
          cause);
    }
    if (shutdown != null) {
      return new DriverException(
          who + " stopped: the broker closed its channel: " + BrokerReplies.replyText(shutdown),
          cause);
    }
    return new DriverException(
        who
            + " stopped: the connection to "
            + address.endpoint()
            + " failed ("
            + ConnectFailure.oneLine(ConnectFailure.rootCause(cause))
            + ")",
        cause);
  }

  private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }
}
