package io.brokerbench.spi;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * Whether a port that failed a broker handshake serves HTTP instead, so a driver can say "not an
 * AMQP port" rather than blame the user's password or a refusal: RabbitMQ's management port (15672)
 * given for its AMQP port (5672) is the usual slip. An HTTP server answers an AMQP protocol header
 * by closing or by waiting for the rest of a request line, which clients report as a login refused,
 * a connection lost or a timeout.
 *
 * <p>Only called on a connection's failure path: it opens one more connection, sends {@code HEAD /
 * HTTP/1.0} and reads five bytes, each step bounded by {@link #TIMEOUT_MILLIS}.
 */
public final class HttpPortProbe {
  /** The bound of the connect and of the read. */
  public static final int TIMEOUT_MILLIS = 1_000;

  private HttpPortProbe() {}

  /**
   * True when {@code failure}, a failed connection to {@code host:port}, came from a server that
   * answers HTTP: something accepted the connection (it was not refused, the name resolved) and
   * answers an HTTP request with a status line.
   */
  public static boolean explains(Throwable failure, String host, int port) {
    ConnectFailure kind = ConnectFailure.of(failure);
    return kind != ConnectFailure.REFUSED
        && kind != ConnectFailure.UNKNOWN_HOST
        && answersHttp(host, port);
  }

  /** True when {@code host:port} answers an HTTP request with an HTTP status line. */
  public static boolean answersHttp(String host, int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(host, port), TIMEOUT_MILLIS);
      socket.setSoTimeout(TIMEOUT_MILLIS);
      socket
          .getOutputStream()
          .write(
              ("HEAD / HTTP/1.0\r\nHost: " + host + "\r\n\r\n")
                  .getBytes(StandardCharsets.US_ASCII));
      InputStream in = socket.getInputStream();
      byte[] start = in.readNBytes(5);
      return new String(start, StandardCharsets.US_ASCII).equals("HTTP/");
    } catch (IOException | IllegalArgumentException e) {
      return false;
    }
  }

  /**
   * The message for a handshake with {@code endpoint} that failed because the port speaks HTTP.
   *
   * @param protocol the protocol the driver expected, such as {@code AMQP 0.9.1}
   */
  public static String notThisProtocol(String endpoint, String protocol) {
    return "cannot connect to "
        + endpoint
        + ": it answers HTTP, not "
        + protocol
        + " (a management or web port? RabbitMQ serves AMQP on 5672 and its management on 15672)";
  }
}
