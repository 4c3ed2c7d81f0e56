package io.brokerbench.amqp10;

import io.brokerbench.spi.ConnectFailure;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.HttpPortProbe;
import java.io.IOException;
import java.util.concurrent.ExecutionException;
import org.apache.qpid.protonj2.client.ErrorCondition;
import org.apache.qpid.protonj2.client.exceptions.ClientConnectionRemotelyClosedException;
import org.apache.qpid.protonj2.client.exceptions.ClientConnectionSecurityException;
import org.apache.qpid.protonj2.client.exceptions.ClientIOException;
import org.apache.qpid.protonj2.client.exceptions.ClientOperationTimedOutException;
import org.apache.qpid.protonj2.client.exceptions.ClientResourceRemotelyClosedException;

/** Turns protonj2 failures into one-line {@link DriverException}s naming what failed. */
final class Errors {
  /** What the driver is doing while it opens a connection, as callers name it. */
  static final String CONNECTING = "connecting";

  private static final String LOST_HINT =
      "the broker closed it or went away (RabbitMQ 3.x also closes it when a queue in use is"
          + " deleted)";

  private Errors() {}

  /**
   * Why a broker drops a connection it has not opened yet. RabbitMQ 4 resets it, without an AMQP
   * error, when the virtual host is missing.
   */
  private static String handshakeHint(Amqp10Config config) {
    String vhost = config.virtualHost();
    if (vhost == null) {
      return "the broker closed it during the handshake: check the user and password";
    }
    String name = vhost.startsWith("vhost:") ? vhost.substring("vhost:".length()) : vhost;
    return "the broker closed it during the handshake; RabbitMQ 4 does so when virtual host '"
        + name
        + "' does not exist (rabbitmqctl add_vhost "
        + name
        + ") or the login is refused";
  }

  /**
   * A failure while doing {@code what}, as {@link #of} says it, except while connecting to a port
   * that answers HTTP (a management port given for the AMQP one), which is said instead. The port
   * is asked only now, on the failure path.
   */
  static DriverException whileDoing(Amqp10Config config, String what, Throwable failure) {
    Throwable e = unwrap(failure);
    if (what.equals(CONNECTING)
        && !config.tls()
        && HttpPortProbe.explains(e, config.host(), config.port())) {
      return new DriverException(HttpPortProbe.notThisProtocol(config.hostPort(), "AMQP 1.0"), e);
    }
    return of(config, what, failure);
  }

  /**
   * A failure while doing {@code what} (such as {@code "opening a sender to /amq/queue/q"}) on the
   * broker at {@code config.hostPort()}.
   */
  static DriverException of(Amqp10Config config, String what, Throwable failure) {
    Throwable e = unwrap(failure);
    String where = config.hostPort();
    if (e instanceof ClientConnectionSecurityException) {
      return new DriverException(
          "authentication failed at "
              + where
              + (config.user() != null ? " as user '" + config.user() + "'" : "")
              + ": "
              + oneLine(e.getMessage())
              + " (check user, password and sasl-mechanisms)",
          e);
    }
    Throwable root = ConnectFailure.rootCause(e);
    ConnectFailure kind =
        e instanceof ClientOperationTimedOutException
            ? ConnectFailure.TIMED_OUT
            : ConnectFailure.of(e);
    switch (kind) {
      case REFUSED -> {
        return new DriverException(
            "cannot connect to "
                + where
                + " ("
                + ConnectFailure.oneLine(root)
                + "): is the broker running with AMQP 1.0 enabled"
                + " (RabbitMQ 3.x: rabbitmq-plugins enable rabbitmq_amqp1_0)?",
            e);
      }
      case UNKNOWN_HOST -> {
        return new DriverException("cannot connect to " + where + ": unknown host", e);
      }
      case TIMED_OUT -> {
        return new DriverException(
            "timed out after "
                + config.connectTimeout().toMillis()
                + " ms "
                + what
                + " at "
                + where
                + ": the broker did not answer (is it an AMQP 1.0 port? a broker that is"
                + " overloaded or frozen answers late: raise connect-timeout-ms)",
            e);
      }
      default -> {
        // The broker answered: its own exceptions say more, below.
      }
    }
    if (e instanceof ClientResourceRemotelyClosedException) {
      return new DriverException("broker closed the link " + what + ": " + brokerText(e), e);
    }
    if (condition(e) != null) {
      return new DriverException(
          "broker closed the connection at " + where + " " + what + ": " + brokerText(e), e);
    }
    if (e instanceof ClientIOException || e instanceof IOException) {
      return new DriverException(
          "lost the connection to "
              + where
              + " "
              + what
              + " ("
              + oneLine(root.getMessage())
              + "): "
              + (what.equals(CONNECTING) ? handshakeHint(config) : LOST_HINT),
          e);
    }
    return new DriverException(
        "AMQP 1.0 failure "
            + what
            + " at "
            + where
            + ": "
            + oneLine(String.valueOf(e.getMessage())),
        e);
  }

  /**
   * {@code failure} worded as the embedded broker's when it is a timeout: the driver started that
   * broker, so the user's address cannot be the cause.
   */
  /** The broker ended a link, session or connection while doing {@code what}, for a reason. */
  static DriverException closedByBroker(
      Amqp10Config config,
      String what,
      org.apache.qpid.protonj2.types.transport.ErrorCondition condition) {
    return new DriverException(
        "the broker at "
            + config.hostPort()
            + " "
            + what
            + (condition != null
                ? ": " + condition.getCondition() + " " + String.valueOf(condition.getDescription())
                : ""));
  }

  static DriverException embeddedBrokerSilent(Amqp10Config config, DriverException failure) {
    Throwable cause = unwrap(failure.getCause() == null ? failure : failure.getCause());
    boolean timedOut =
        cause instanceof ClientOperationTimedOutException
            || ConnectFailure.of(cause) == ConnectFailure.TIMED_OUT;
    if (!timedOut) {
      return failure;
    }
    return new DriverException(
        "the embedded Qpid broker at "
            + config.hostPort()
            + " did not answer within "
            + config.connectTimeout().toMillis()
            + " ms: the machine may be overloaded (give a url to use another broker)",
        cause);
  }

  /** True when the failure is the connection's, not a link's or session's. */
  static boolean connectionLost(Throwable failure) {
    return unwrap(failure) instanceof ClientIOException;
  }

  /** The broker's error condition and description, or the exception's message. */
  static String brokerText(Throwable failure) {
    Throwable e = unwrap(failure);
    ErrorCondition condition = condition(e);
    if (condition != null) {
      return condition.condition() + " " + oneLine(condition.description());
    }
    return oneLine(String.valueOf(e.getMessage()));
  }

  /** The error the broker sent when closing a link, session or connection, or null. */
  private static ErrorCondition condition(Throwable e) {
    if (e instanceof ClientResourceRemotelyClosedException closed) {
      return closed.getErrorCondition();
    }
    if (e instanceof ClientConnectionRemotelyClosedException closed) {
      return closed.getErrorCondition();
    }
    return null;
  }

  private static Throwable unwrap(Throwable e) {
    Throwable t = e;
    while (t instanceof ExecutionException && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  private static String oneLine(String s) {
    return s == null ? "" : s.replaceAll("\\s+", " ").trim();
  }
}
