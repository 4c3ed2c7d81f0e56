package io.brokerbench.amqp10;

import io.brokerbench.rabbitmq.QueueType;
import io.brokerbench.rabbitmq.RabbitMqLoadReader;
import io.brokerbench.rabbitmq.StreamOffset;
import io.brokerbench.spi.ConnectTimeout;
import io.brokerbench.spi.DeclaredOption;
import io.brokerbench.spi.DeclaredOptions;
import io.brokerbench.spi.OptionException;
import io.brokerbench.spi.StreamStart;
import io.brokerbench.spi.UriPasswords;
import io.brokerbench.tls.TlsStores;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The AMQP 1.0 driver's settings, parsed from the options the user gave.
 *
 * <p>The broker is named by {@code url} in quiver's form {@code //HOST[:PORT]/ADDRESS} (as in
 * {@code //127.0.0.1:5672//amq/queue/q}) or as {@code
 * amqp[s]://[USER:PASSWORD@]HOST[:PORT][/ADDRESS]}; {@code host}, {@code port}, {@code user},
 * {@code password} and {@code address} override its parts.
 *
 * @param host broker host name or address
 * @param port broker port
 * @param user SASL user name, or null for none
 * @param password SASL password, or null for none
 * @param tls true to connect with TLS ({@code amqps})
 * @param stores TLS trust store (null for the JVM's default) and key store (the client certificate,
 *     for SASL EXTERNAL; null for none)
 * @param verifyHost true to check the broker's host name against its certificate
 * @param saslMechanisms SASL mechanisms allowed, comma-separated, or null to let protonj2 choose
 * @param virtualHost the virtual host (AMQP open hostname; RabbitMQ {@code vhost:NAME}), or null
 * @param address address template: {@code %s} is replaced by the destination name; without {@code
 *     %s} every destination maps to this one address
 * @param presettled true to send pre-settled (at-most-once): confirmed when handed to the client
 * @param declare true to declare missing RabbitMQ queues over AMQP 0.9.1
 * @param queueType type of declared queues
 * @param deleteQueues true to delete, at clean-up, the queues this driver declared
 * @param checkTarget true to attach a receiver to each queue address first, so that a missing queue
 *     fails the run instead of silently dropping messages
 * @param streamOffset value of the {@code rabbitmq:stream-offset-spec} source filter (see {@link
 *     StreamOffset#value}), or null
 * @param defaultCredit link credit when the workload gives no prefetch
 * @param connectTimeout how long opening a connection, session or link may take
 * @param idleTimeoutSeconds how long the broker may send nothing before the connection counts as
 *     lost (AMQP's idle-time-out, which also asks the broker to send at least every half of it); 0
 *     for never
 * @param engine true to drive producers and consumers with the protonj2 engine on a plain socket,
 *     false to use protonj2-client (a blocking API with a hand-off per message)
 * @param replyTo where a request-reply run's requesters get their replies
 * @param managementUrl RabbitMQ's management API, for broker memory with --connections; null for
 *     http://HOST:15672
 * @param prometheusUrl RabbitMQ's Prometheus endpoint, for the broker's own load; null for
 *     http://HOST:15692/metrics
 */
public record Amqp10Config(
    String host,
    int port,
    String user,
    String password,
    boolean tls,
    TlsStores stores,
    boolean verifyHost,
    String saslMechanisms,
    String virtualHost,
    String address,
    boolean presettled,
    boolean declare,
    QueueType queueType,
    boolean deleteQueues,
    boolean checkTarget,
    Object streamOffset,
    int defaultCredit,
    Duration connectTimeout,
    int idleTimeoutSeconds,
    boolean engine,
    ReplyTo replyTo,
    String managementUrl,
    String prometheusUrl) {

  /** Address template for RabbitMQ 3.x queues, the default. */
  static final String RABBITMQ3_QUEUE = "/amq/queue/%s";

  /** quiver's default credit window, used when the workload gives no prefetch. */
  static final int DEFAULT_CREDIT = 1000;

  private static final int AMQP_PORT = 5672;
  private static final int AMQPS_PORT = 5671;

  /** Where requesters receive replies. */
  enum ReplyTo {
    /** A queue per requester, declared like the run's queues and deleted with them. */
    QUEUE,
    /** A dynamic receiver: a temporary node the broker creates (not RabbitMQ 3.x or 4.0). */
    DYNAMIC
  }

  /** How producers and consumers move messages. */
  enum Io {
    /** The protonj2 engine on a plain socket (low CPU). */
    ENGINE,
    /** The protonj2-client API (a blocking API with a hand-off per message). */
    CLIENT
  }

  static final DeclaredOption<Endpoint> URL =
      DeclaredOption.of(
              "url",
              "broker and address: quiver's //HOST[:PORT]/ADDRESS or"
                  + " amqp[s]://[USER:PASSWORD@]HOST[:PORT][/ADDRESS]; without url, host"
                  + " and port an embedded Qpid Broker-J is started",
              Endpoint::parse,
              "//HOST[:PORT]/ADDRESS or amqp[s]://[USER:PASSWORD@]HOST[:PORT][/ADDRESS]")
          .shownAs(UriPasswords::mask)
          .asPositional();
  static final DeclaredOption<String> HOST =
      DeclaredOption.text("host", "broker host (overrides the url's)");
  static final DeclaredOption<Integer> PORT =
      DeclaredOption.integer(
              "port", "broker port (overrides the url's; 5672, or 5671 with TLS)", 0, 1, 65_535)
          .withDefault(null);
  static final DeclaredOption<String> USER =
      DeclaredOption.text("user", "SASL user name").withDefault("guest");
  static final DeclaredOption<String> PASSWORD =
      DeclaredOption.text("password", "SASL password").withDefault("guest").asSecret();
  static final DeclaredOption<String> ADDRESS =
      DeclaredOption.text(
              "address",
              "address of each destination; %s is the destination name (/amq/queue/%s for"
                  + " RabbitMQ 3.x, /queues/%s for 4.x, %s for other brokers)")
          .withDefault(RABBITMQ3_QUEUE);
  static final DeclaredOption<String> SASL_MECHANISMS =
      DeclaredOption.text(
          "sasl-mechanisms", "SASL mechanisms allowed: PLAIN, ANONYMOUS, EXTERNAL (comma list)");
  static final DeclaredOption<Boolean> TLS =
      DeclaredOption.flag("tls", "connect with TLS (implied by amqps://)");
  static final DeclaredOption<Boolean> VERIFY_HOST =
      DeclaredOption.bool("verify-host", "check the broker's certificate host name", true);
  static final DeclaredOption<String> VIRTUAL_HOST =
      DeclaredOption.text("virtual-host", "virtual host (RabbitMQ: vhost:NAME)");
  static final DeclaredOption<Boolean> PRESETTLED =
      DeclaredOption.flag("presettled", "send pre-settled (at-most-once): no settlement wait");
  static final DeclaredOption<Boolean> DECLARE =
      DeclaredOption.bool(
          "declare",
          "declare missing RabbitMQ queues over AMQP 0.9.1, as the amqp091 driver declares them",
          true);
  static final DeclaredOption<Boolean> DELETE_QUEUES =
      DeclaredOption.bool(
          "delete-queues", "delete the queues this driver declared at the end of the run", true);
  static final DeclaredOption<Boolean> CHECK_TARGET =
      DeclaredOption.bool(
          "check-target",
          "attach a receiver to each queue first so a missing queue fails the run",
          true);
  static final DeclaredOption<Integer> DEFAULT_CREDIT_OPTION =
      DeclaredOption.integer(
          "default-credit",
          "receiver link credit when the workload gives no prefetch (quiver's --credit)",
          DEFAULT_CREDIT,
          1,
          Integer.MAX_VALUE);
  static final DeclaredOption<Integer> IDLE_TIMEOUT =
      DeclaredOption.integer(
          "idle-timeout",
          "seconds the broker may send nothing before the connection counts as lost (a frozen"
              + " broker or a dropped network); 0 for never",
          60,
          0,
          3_600);
  static final DeclaredOption<Io> IO =
      DeclaredOption.choice(
          "io",
          "engine: protonj2 engine on a plain socket (low CPU); client: protonj2-client API",
          Io.class,
          Io.ENGINE);

  static final DeclaredOption<ReplyTo> REPLY_TO =
      DeclaredOption.choice(
          "reply-to",
          "with --request-reply, where requesters get replies: queue (a queue per requester) or"
              + " dynamic (a dynamic receiver's temporary node, where the broker has them)",
          ReplyTo.class,
          ReplyTo.QUEUE);

  static final DeclaredOption<String> MANAGEMENT_URL =
      DeclaredOption.text(
          "management-url",
          "RabbitMQ's management API, for broker memory with --connections (default:"
              + " http://HOST:15672, with the user)");

  /** The options as the driver declares them, in documentation order. */
  static final DeclaredOptions OPTIONS =
      DeclaredOptions.of(URL, HOST, PORT, USER, PASSWORD, ADDRESS, SASL_MECHANISMS, TLS)
          .plus(TlsStores.OPTIONS)
          .plus(
              DeclaredOptions.of(
                  VERIFY_HOST,
                  VIRTUAL_HOST,
                  PRESETTLED,
                  DECLARE,
                  QueueType.OPTION,
                  DELETE_QUEUES,
                  CHECK_TARGET,
                  StreamOffset.OPTION,
                  DEFAULT_CREDIT_OPTION,
                  ConnectTimeout.OPTION,
                  IDLE_TIMEOUT,
                  IO,
                  REPLY_TO,
                  MANAGEMENT_URL,
                  RabbitMqLoadReader.OPTION));

  /** True when the options name no broker, so the embedded one is used. */
  static boolean namesNoBroker(Map<String, String> options) {
    return !URL.isGiven(options) && !HOST.isGiven(options) && !PORT.isGiven(options);
  }

  /**
   * Parses option values given by name.
   *
   * @throws OptionException when a value is malformed
   */
  static Amqp10Config parse(Map<String, String> options) {
    Endpoint endpoint = URL.from(options, Endpoint.parse("amqp://127.0.0.1:5672"));
    boolean tls = endpoint.tls || TLS.from(options);
    int port = PORT.from(options, endpoint.port > 0 ? endpoint.port : tls ? AMQPS_PORT : AMQP_PORT);
    String user = USER.from(options, endpoint.user != null ? endpoint.user : USER.defaultValue());
    String password =
        PASSWORD.from(
            options, endpoint.password != null ? endpoint.password : PASSWORD.defaultValue());
    StreamStart offset = StreamOffset.OPTION.from(options);
    RabbitMqLoadReader.endpoints(
        RabbitMqLoadReader.OPTION.from(options), List.of(HOST.from(options, endpoint.host)));
    return new Amqp10Config(
        HOST.from(options, endpoint.host),
        port,
        options.containsKey(USER.name()) && options.get(USER.name()).isBlank() ? null : user,
        options.containsKey(PASSWORD.name()) && options.get(PASSWORD.name()).isBlank()
            ? null
            : password,
        tls,
        TlsStores.parse(options),
        VERIFY_HOST.from(options),
        SASL_MECHANISMS.from(options),
        VIRTUAL_HOST.from(options),
        ADDRESS.from(options, endpoint.address != null ? endpoint.address : RABBITMQ3_QUEUE),
        PRESETTLED.from(options),
        DECLARE.from(options),
        QueueType.OPTION.from(options),
        DELETE_QUEUES.from(options),
        CHECK_TARGET.from(options),
        offset == null ? null : StreamOffset.value(offset),
        DEFAULT_CREDIT_OPTION.from(options),
        ConnectTimeout.OPTION.from(options),
        IDLE_TIMEOUT.from(options),
        IO.from(options) == Io.ENGINE,
        REPLY_TO.from(options),
        MANAGEMENT_URL.from(options),
        RabbitMqLoadReader.OPTION.from(options));
  }

  /** The AMQP address of a destination: verbatim when it starts with '/', else the template. */
  String addressOf(String destination) {
    if (destination.startsWith("/")) {
      return destination;
    }
    if (!address.contains("%s")) {
      return address;
    }
    // RabbitMQ 4's addresses are paths: a name in them is percent-encoded.
    boolean path = address.startsWith("/queues/") || address.startsWith("/exchanges/");
    return address.replace("%s", path ? percentEncoded(destination) : destination);
  }

  /** RFC 3986 percent-encoding of all but the unreserved characters, as paths need. */
  static String percentEncoded(String name) {
    StringBuilder encoded = new StringBuilder();
    for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xFF;
      if ((c >= 'a' && c <= 'z')
          || (c >= 'A' && c <= 'Z')
          || (c >= '0' && c <= '9')
          || c == '-'
          || c == '.'
          || c == '_'
          || c == '~') {
        encoded.append((char) c);
      } else {
        encoded.append('%').append(String.format(Locale.ROOT, "%02X", c));
      }
    }
    return encoded.toString();
  }

  /**
   * The queue behind a RabbitMQ queue address ({@code /amq/queue/Q}, {@code /queue/Q}, {@code
   * /queues/Q}), or null when the address names something else (an exchange, another broker's
   * node).
   */
  static String rabbitQueueOf(String address) {
    for (String prefix : List.of("/amq/queue/", "/queues/", "/queue/")) {
      if (address.startsWith(prefix) && address.length() > prefix.length()) {
        String name = address.substring(prefix.length());
        if (name.indexOf('/') >= 0) {
          return null;
        }
        return prefix.equals("/queues/")
            ? URLDecoder.decode(name.replace("+", "%2B"), StandardCharsets.UTF_8)
            : name;
      }
    }
    return null;
  }

  /**
   * The SASL mechanisms to allow: the user's choice, else every password mechanism when a user is
   * set. Without that restriction protonj2 1.1.0 picks ANONYMOUS whenever the broker offers it
   * (RabbitMQ 3.x does, mapping it to its default user), so a wrong password would go unnoticed and
   * the run would not use the given user.
   */
  List<String> allowedSaslMechanisms() {
    if (saslMechanisms != null) {
      List<String> chosen = new ArrayList<>();
      for (String mechanism : saslMechanisms.split(",")) {
        if (!mechanism.isBlank()) {
          chosen.add(mechanism.trim().toUpperCase(Locale.ROOT));
        }
      }
      return chosen;
    }
    if (user != null) {
      return List.of("PLAIN", "SCRAM-SHA-512", "SCRAM-SHA-256", "SCRAM-SHA-1", "CRAM-MD5");
    }
    return List.of();
  }

  /** The broker as the report shows it, password masked. */
  String target() {
    return (tls ? "amqps://" : "amqp://")
        + (user != null ? user + (password != null ? ":****" : "") + "@" : "")
        + host
        + ":"
        + port
        + " address "
        + address;
  }

  /** The settings, password masked (the record's own would print it). */
  @Override
  public String toString() {
    return "Amqp10Config["
        + target()
        + ", stores="
        + stores
        + ", saslMechanisms="
        + saslMechanisms
        + ", virtualHost="
        + virtualHost
        + ", presettled="
        + presettled
        + ", declare="
        + declare
        + ", queueType="
        + queueType
        + ", streamOffset="
        + streamOffset
        + ", defaultCredit="
        + defaultCredit
        + ", engine="
        + engine
        + "]";
  }

  /** "host:port", for error messages. */
  String hostPort() {
    return host + ":" + port;
  }

  /** The parts of a quiver-style or amqp URL. */
  record Endpoint(
      boolean tls, String user, String password, String host, int port, String address) {

    /** A DNS name, an IPv4 address or a bracketed IPv6 address. */
    private static final Pattern HOST_NAME =
        Pattern.compile("[A-Za-z0-9._-]+|\\[[0-9A-Fa-f:.%A-Za-z]+\\]");

    /**
     * Parses {@code [amqp[s]:]//[USER[:PASSWORD]@]HOST[:PORT][/ADDRESS]}; quiver's {@code
     * //HOST/ADDRESS} form keeps everything after the first '/' following the host as the address
     * (so {@code //h//amq/queue/q} has address {@code /amq/queue/q}).
     *
     * @throws IllegalArgumentException saying in a few words what is wrong (never the password)
     */
    static Endpoint parse(String url) {
      String rest = url.trim();
      boolean tls = false;
      int colon = rest.indexOf("://");
      if (colon > 0) {
        String scheme = rest.substring(0, colon).toLowerCase(Locale.ROOT);
        if (!scheme.equals("amqp") && !scheme.equals("amqps")) {
          throw new IllegalArgumentException(
              "the scheme must be amqp or amqps, not '" + scheme + "'");
        }
        tls = scheme.equals("amqps");
        rest = rest.substring(colon + 3);
      } else if (rest.startsWith("//")) {
        rest = rest.substring(2);
      } else {
        throw new IllegalArgumentException("it starts with neither // nor a scheme");
      }
      String address = null;
      int slash = rest.indexOf('/');
      if (slash >= 0) {
        address = rest.substring(slash + 1);
        rest = rest.substring(0, slash);
        if (address.isEmpty()) {
          address = null;
        }
      }
      String user = null;
      String password = null;
      int at = rest.lastIndexOf('@');
      if (at >= 0) {
        String userInfo = rest.substring(0, at);
        rest = rest.substring(at + 1);
        int sep = userInfo.indexOf(':');
        user = decode(sep >= 0 ? userInfo.substring(0, sep) : userInfo);
        password = sep >= 0 ? decode(userInfo.substring(sep + 1)) : null;
      }
      int port = -1;
      String host = rest;
      int portSep = rest.lastIndexOf(':');
      if (portSep >= 0 && !rest.endsWith("]")) {
        host = rest.substring(0, portSep);
        try {
          port = Integer.parseInt(rest.substring(portSep + 1));
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException(
              "the port '" + rest.substring(portSep + 1) + "' is not a number", e);
        }
      }
      if (host.isEmpty()) {
        host = "127.0.0.1";
      } else if (!HOST_NAME.matcher(host).matches()) {
        throw new IllegalArgumentException("'" + host + "' is not a host name or address");
      }
      return new Endpoint(tls, user, password, host, port, address);
    }

    /** The parts, password masked (the record's own would print it). */
    @Override
    public String toString() {
      return "Endpoint[tls="
          + tls
          + ", user="
          + user
          + ", password="
          + (password == null ? null : "****")
          + ", host="
          + host
          + ", port="
          + port
          + ", address="
          + address
          + "]";
    }

    private static String decode(String s) {
      return java.net.URLDecoder.decode(s, java.nio.charset.StandardCharsets.UTF_8);
    }
  }
}
