package io.brokerbench.amqp091;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.AuthenticationFailureException;
import com.rabbitmq.client.Method;
import com.rabbitmq.client.PossibleAuthenticationFailureException;
import com.rabbitmq.client.ShutdownSignalException;
import io.brokerbench.spi.DriverException;
import java.io.EOFException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;

/**
 * Turns amqp-client's exceptions into one-line {@link DriverException}s a user can act on. The
 * broker's reply text (such as {@code NOT_FOUND - no exchange 'x' in vhost '/'}) is kept: it names
 * the object and the difference. Passwords never appear: messages use user names and host:port.
 */
final class Amqp091Errors {
  private static final int NOT_ALLOWED = AMQP.NOT_ALLOWED;
  private static final int ACCESS_REFUSED = AMQP.ACCESS_REFUSED;
  private static final int PRECONDITION_FAILED = AMQP.PRECONDITION_FAILED;
  private static final int NOT_FOUND = AMQP.NOT_FOUND;
  private static final int RESOURCE_LOCKED = AMQP.RESOURCE_LOCKED;

  private Amqp091Errors() {}

  /**
   * Opening a connection to {@code address} failed; {@code saslExternal} says the client
   * authenticated with its certificate rather than the URI's user and password.
   */
  static DriverException connectFailed(
      BrokerAddress address, Duration timeout, boolean saslExternal, Throwable e) {
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
                      ? simpleMessage(rootCause(e))
                      : "it closed the connection after the TLS handshake: "
                          + simpleMessage(rootCause(e)))
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
    ShutdownSignalException shutdown = shutdownCause(e);
    if (shutdown != null) {
      int code = replyCode(shutdown);
      if (code == NOT_ALLOWED) {
        return new DriverException(
            "virtual host '"
                + address.virtualHost()
                + "' at "
                + endpoint
                + " does not exist or user '"
                + address.user()
                + "' may not use it ("
                + replyText(shutdown)
                + ")"
                + (address.virtualHost().isEmpty()
                    ? ": a URI ending in '/' names the empty virtual host, write amqp://host for '/'"
                    : ""),
            e);
      }
      if (code == ACCESS_REFUSED) {
        return new DriverException(
            "access refused for user '"
                + address.user()
                + "' at "
                + endpoint
                + " ("
                + replyText(shutdown)
                + ")",
            e);
      }
      return new DriverException(
          "the broker at " + endpoint + " refused the connection: " + replyText(shutdown), e);
    }
    Throwable root = rootCause(e);
    if (root instanceof ConnectException || root instanceof NoRouteToHostException) {
      return new DriverException(
          "cannot connect to "
              + endpoint
              + " ("
              + simpleMessage(root)
              + "): is the broker running and listening there?",
          e);
    }
    if (root instanceof UnknownHostException) {
      return new DriverException("cannot connect to " + endpoint + ": unknown host", e);
    }
    if (root instanceof SocketTimeoutException || root instanceof TimeoutException) {
      return new DriverException(
          "cannot connect to "
              + endpoint
              + ": no AMQP answer within "
              + timeout.toMillis()
              + " ms (is it an AMQP 0.9.1 port? raise connect-timeout-ms for slow links)",
          e);
    }
    if (causedBy(e, SSLException.class)) {
      return new DriverException(
          "TLS handshake with "
              + endpoint
              + " failed ("
              + simpleMessage(root)
              + "): is it a TLS port, and is its certificate trusted? (tls-trust-all accepts any,"
              + " for tests only)",
          e);
    }
    return new DriverException("cannot connect to " + endpoint + ": " + simpleMessage(root), e);
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
    Throwable root = rootCause(e);
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
    ShutdownSignalException shutdown = shutdownCause(e);
    if (shutdown == null) {
      return new DriverException("cannot " + action + ": " + simpleMessage(rootCause(e)), e);
    }
    return switch (replyCode(shutdown)) {
      case PRECONDITION_FAILED ->
          new DriverException(
              "cannot "
                  + action
                  + ": it exists with different settings ("
                  + replyText(shutdown)
                  + "): delete it or declare it the same way",
              e);
      case NOT_FOUND -> new DriverException("cannot " + action + ": " + replyText(shutdown), e);
      case ACCESS_REFUSED ->
          new DriverException(
              "cannot " + action + ": permission denied (" + replyText(shutdown) + ")", e);
      case RESOURCE_LOCKED ->
          new DriverException(
              "cannot "
                  + action
                  + ": another connection holds it as an exclusive queue ("
                  + replyText(shutdown)
                  + "): use another queue name, or stop the client that holds it",
              e);
      default -> new DriverException("cannot " + action + ": " + replyText(shutdown), e);
    };
  }

  /**
   * A channel or connection used by {@code who} (such as {@code producer 0 (exchange '', routing
   * key 'q')}) closed while running.
   */
  static DriverException closedWhileRunning(String who, BrokerAddress address, Throwable cause) {
    ShutdownSignalException shutdown = shutdownCause(cause);
    if (shutdown != null && shutdown.isHardError()) {
      return new DriverException(
          who
              + " stopped: the connection to "
              + address.endpoint()
              + " closed: "
              + reason(shutdown),
          cause);
    }
    if (shutdown != null) {
      return new DriverException(
          who + " stopped: the broker closed its channel: " + reason(shutdown), cause);
    }
    return new DriverException(
        who
            + " stopped: the connection to "
            + address.endpoint()
            + " failed ("
            + simpleMessage(rootCause(cause))
            + ")",
        cause);
  }

  /** The broker's reply text, or the I/O failure that ended the connection. */
  static String reason(ShutdownSignalException shutdown) {
    if (shutdown.getReason() != null) {
      return replyText(shutdown);
    }
    Throwable cause = shutdown.getCause();
    return cause == null ? "connection lost" : "connection lost (" + simpleMessage(cause) + ")";
  }

  /** The reply code of a channel or connection close, 0 when the broker sent none. */
  static int replyCode(ShutdownSignalException shutdown) {
    Method reason = shutdown.getReason();
    if (reason instanceof AMQP.Channel.Close close) {
      return close.getReplyCode();
    }
    if (reason instanceof AMQP.Connection.Close close) {
      return close.getReplyCode();
    }
    return 0;
  }

  private static String replyText(ShutdownSignalException shutdown) {
    Method reason = shutdown.getReason();
    if (reason instanceof AMQP.Channel.Close close) {
      return close.getReplyText();
    }
    if (reason instanceof AMQP.Connection.Close close) {
      return close.getReplyText();
    }
    return reason(shutdown);
  }

  /** The {@link ShutdownSignalException} in {@code e}'s cause chain, or null. */
  static ShutdownSignalException shutdownCause(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ShutdownSignalException s) {
        return s;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return null;
  }

  private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }

  private static Throwable rootCause(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t;
  }

  private static String simpleMessage(Throwable t) {
    String message = t.getMessage();
    return message == null || message.isBlank() ? t.getClass().getSimpleName() : message;
  }
}
