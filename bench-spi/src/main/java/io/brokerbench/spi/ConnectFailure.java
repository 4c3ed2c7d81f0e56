package io.brokerbench.spi;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.channels.UnresolvedAddressException;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;

/**
 * Why a connection to a broker failed, read from the JDK exceptions at the bottom of any client's
 * cause chain. Drivers classify once here and word the message for their protocol:
 *
 * <pre>{@code
 * switch (ConnectFailure.of(e)) {
 *   case REFUSED -> "cannot connect to " + endpoint + ": is the broker running?";
 *   case TIMED_OUT -> "no answer from " + endpoint + " within " + timeoutMillis + " ms";
 *   ...
 * }
 * }</pre>
 */
public enum ConnectFailure {
  /** Nothing listens at the address, or no route leads there. */
  REFUSED,
  /** The host name does not resolve. */
  UNKNOWN_HOST,
  /** The connection or its handshake took longer than the timeout. */
  TIMED_OUT,
  /** The TLS handshake failed (a plain port, an untrusted certificate). */
  TLS_HANDSHAKE,
  /** Anything else: the driver words it from its own exceptions. */
  OTHER;

  /** The kind of failure {@code e} is. */
  public static ConnectFailure of(Throwable e) {
    Throwable root = rootCause(e);
    if (root instanceof ConnectException || root instanceof NoRouteToHostException) {
      return REFUSED;
    }
    if (root instanceof UnknownHostException || root instanceof UnresolvedAddressException) {
      return UNKNOWN_HOST;
    }
    if (root instanceof SocketTimeoutException || root instanceof TimeoutException) {
      return TIMED_OUT;
    }
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof SSLException) {
        return TLS_HANDSHAKE;
      }
    }
    return OTHER;
  }

  /** The last exception of {@code e}'s cause chain. */
  public static Throwable rootCause(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t;
  }

  /** The exception's message on one line, or its class's simple name when it has none. */
  public static String oneLine(Throwable t) {
    String message = t.getMessage();
    return message == null || message.isBlank()
        ? t.getClass().getSimpleName()
        : message.replaceAll("\\s+", " ").trim();
  }
}
