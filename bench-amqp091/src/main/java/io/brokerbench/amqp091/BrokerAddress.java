package io.brokerbench.amqp091;

import io.brokerbench.spi.UriPasswords;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * One broker URI taken apart for messages and masking; the URI itself goes to amqp-client.
 *
 * @param uri the URI as given (it may contain a password: never print it)
 * @param host the host name
 * @param port the port (5672, or 5671 for {@code amqps})
 * @param virtualHost the virtual host: {@code /} when the URI has no path, empty for a lone {@code
 *     /} (as amqp-client reads it)
 * @param user the user name, {@code guest} when the URI names none
 * @param tls true for {@code amqps}
 */
record BrokerAddress(
    String uri, String host, int port, String virtualHost, String user, boolean tls) {

  /**
   * Parses an {@code amqp://} or {@code amqps://} URI.
   *
   * @throws IllegalArgumentException saying in a few words what is wrong (never the password)
   */
  static BrokerAddress parse(String uri) {
    URI parsed;
    try {
      parsed = new URI(uri.trim());
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(
          e.getReason() + (e.getIndex() >= 0 ? " at character " + (e.getIndex() + 1) : ""), e);
    }
    String scheme = parsed.getScheme();
    if (!"amqp".equalsIgnoreCase(scheme) && !"amqps".equalsIgnoreCase(scheme)) {
      throw new IllegalArgumentException("it must start with amqp:// or amqps://");
    }
    if (parsed.getHost() == null) {
      throw new IllegalArgumentException(whyNoHost(parsed.getRawAuthority()));
    }
    boolean tls = "amqps".equalsIgnoreCase(scheme);
    int port = parsed.getPort() > 0 ? parsed.getPort() : tls ? 5671 : 5672;
    String user = "guest";
    String userInfo = parsed.getRawUserInfo();
    if (userInfo != null && !userInfo.isEmpty()) {
      int colon = userInfo.indexOf(':');
      user = decode(colon < 0 ? userInfo : userInfo.substring(0, colon));
    }
    String path = parsed.getRawPath();
    // As amqp-client reads it: no path means "/", a lone "/" means the empty virtual host.
    String virtualHost = path == null || path.isEmpty() ? "/" : decode(path.substring(1));
    return new BrokerAddress(uri.trim(), parsed.getHost(), port, virtualHost, user, tls);
  }

  /**
   * Why {@link URI} found no host in an authority: it reads {@code host:notaport} as a registry
   * name, not as a host with a bad port.
   */
  private static String whyNoHost(String authority) {
    if (authority == null || authority.isEmpty()) {
      return "it names no host";
    }
    String hostPort = authority.substring(authority.lastIndexOf('@') + 1);
    int colon = hostPort.lastIndexOf(':');
    if (colon >= 0 && !hostPort.endsWith("]")) {
      String port = hostPort.substring(colon + 1);
      if (port.isEmpty() || !port.chars().allMatch(Character::isDigit)) {
        return "the port '" + port + "' is not a number";
      }
    }
    return "'" + hostPort + "' is not a host name";
  }

  private static String decode(String s) {
    return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
  }

  /** The URI with its password replaced by {@code ****}, safe to print. */
  String masked() {
    return UriPasswords.mask(uri);
  }

  /** The URI's password, or {@code guest} when it has none. Never print it. */
  String password() {
    String userInfo = URI.create(uri).getRawUserInfo();
    int colon = userInfo == null ? -1 : userInfo.indexOf(':');
    return colon < 0 ? "guest" : decode(userInfo.substring(colon + 1));
  }

  /** {@code host:port}, for messages. */
  String endpoint() {
    return host + ":" + port;
  }
}
