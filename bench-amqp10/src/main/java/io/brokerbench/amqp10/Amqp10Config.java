package io.brokerbench.amqp10;

import io.brokerbench.spi.DriverOption;
import io.brokerbench.spi.OptionValues;
import io.brokerbench.tls.TlsStores;
import io.brokerbench.workload.WorkloadException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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
 * @param queueType queue type for declared queues: classic, quorum or stream
 * @param deleteQueues true to delete, at clean-up, the queues this driver created
 * @param checkTarget true to attach a receiver to each queue address first, so that a missing queue
 *     fails the run instead of silently dropping messages
 * @param streamOffset value of the {@code rabbitmq:stream-offset-spec} source filter, or null
 * @param defaultCredit link credit when the workload gives no prefetch
 * @param connectTimeout how long opening a connection, session or link may take
 * @param engine true to drive producers and consumers with the protonj2 engine on a plain socket,
 *     false to use protonj2-client (a blocking API with a hand-off per message)
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
    String queueType,
    boolean deleteQueues,
    boolean checkTarget,
    Object streamOffset,
    int defaultCredit,
    Duration connectTimeout,
    boolean engine) {

  /** Address template for RabbitMQ 3.x queues, the default. */
  static final String RABBITMQ3_QUEUE = "/amq/queue/%s";

  /** quiver's default credit window, used when the workload gives no prefetch. */
  static final int DEFAULT_CREDIT = 1000;

  private static final int AMQP_PORT = 5672;
  private static final int AMQPS_PORT = 5671;

  /** The options as the driver declares them, in documentation order. */
  static List<DriverOption> declared() {
    List<DriverOption> options = new ArrayList<>();
    options.addAll(
        List.of(
            DriverOption.of(
                    "url",
                    "broker and address: quiver's //HOST[:PORT]/ADDRESS or"
                        + " amqp[s]://[USER:PASSWORD@]HOST[:PORT][/ADDRESS]; without url, host"
                        + " and port an embedded Qpid Broker-J is started",
                    null)
                .asPositional(),
            DriverOption.of("host", "broker host (overrides the url's)", null),
            DriverOption.of(
                "port", "broker port (overrides the url's; 5672, or 5671 with TLS)", null),
            DriverOption.of("user", "SASL user name", "guest"),
            DriverOption.of("password", "SASL password", "guest").asSecret(),
            DriverOption.of(
                "address",
                "address of each destination; %s is the destination name (/amq/queue/%s for"
                    + " RabbitMQ 3.x, /queues/%s for 4.x, %s for other brokers)",
                RABBITMQ3_QUEUE),
            DriverOption.of(
                "sasl-mechanisms",
                "SASL mechanisms allowed: PLAIN, ANONYMOUS, EXTERNAL (comma list)",
                null),
            DriverOption.flag("tls", "connect with TLS (implied by amqps://)")));
    options.addAll(TlsStores.declared());
    options.addAll(
        List.of(
            DriverOption.of("verify-host", "check the broker's certificate host name", "true"),
            DriverOption.of("virtual-host", "virtual host (RabbitMQ: vhost:NAME)", null),
            DriverOption.flag("presettled", "send pre-settled (at-most-once): no settlement wait"),
            DriverOption.of(
                "declare", "declare missing RabbitMQ queues over AMQP 0.9.1 (true/false)", "true"),
            DriverOption.of(
                "queue-type", "type of declared queues: classic, quorum, stream", "classic"),
            DriverOption.flag("delete-queues", "delete the queues this driver created at the end"),
            DriverOption.of(
                "check-target",
                "attach a receiver to each queue first so a missing queue fails the run",
                "true"),
            DriverOption.of(
                "stream-offset",
                "RabbitMQ stream offset for receivers: first, last, next, an offset, or"
                    + " timestamp:EPOCH_SECONDS",
                null),
            DriverOption.of(
                "default-credit",
                "receiver link credit when the workload gives no prefetch (quiver's --credit)",
                Integer.toString(DEFAULT_CREDIT)),
            DriverOption.of("connect-timeout-ms", "connection and link open timeout", "10000"),
            DriverOption.of(
                "io",
                "engine: protonj2 engine on a plain socket (low CPU); client: protonj2-client API",
                "engine")));
    return List.copyOf(options);
  }

  /** True when the options name no broker, so the embedded one is used. */
  static boolean namesNoBroker(Map<String, String> options) {
    return !options.containsKey("url")
        && !options.containsKey("host")
        && !options.containsKey("port");
  }

  /**
   * Parses option values given by name.
   *
   * @throws WorkloadException when a value is malformed
   */
  static Amqp10Config parse(Map<String, String> options) {
    Endpoint endpoint = Endpoint.parse(options.getOrDefault("url", "amqp://127.0.0.1:5672"));
    boolean tls = endpoint.tls || OptionValues.bool(options, "tls", false);
    String host = options.getOrDefault("host", endpoint.host);
    int port =
        (int)
            OptionValues.wholeNumber(
                options,
                "port",
                endpoint.port > 0 ? endpoint.port : tls ? AMQPS_PORT : AMQP_PORT,
                1,
                65_535);
    String user = options.getOrDefault("user", endpoint.user != null ? endpoint.user : "guest");
    String password =
        options.getOrDefault("password", endpoint.password != null ? endpoint.password : "guest");
    String address =
        options.getOrDefault(
            "address", endpoint.address != null ? endpoint.address : RABBITMQ3_QUEUE);
    String queueType = options.getOrDefault("queue-type", "classic").toLowerCase(Locale.ROOT);
    if (!List.of("classic", "quorum", "stream").contains(queueType)) {
      throw new WorkloadException(
          "queue-type must be classic, quorum or stream (got '" + queueType + "')");
    }
    long credit =
        OptionValues.wholeNumber(options, "default-credit", DEFAULT_CREDIT, 1, Integer.MAX_VALUE);
    return new Amqp10Config(
        host,
        port,
        user.isEmpty() ? null : user,
        password.isEmpty() ? null : password,
        tls,
        TlsStores.parse(options),
        OptionValues.bool(options, "verify-host", true),
        options.get("sasl-mechanisms"),
        options.get("virtual-host"),
        address,
        OptionValues.bool(options, "presettled", false),
        OptionValues.bool(options, "declare", true),
        queueType,
        OptionValues.bool(options, "delete-queues", false),
        OptionValues.bool(options, "check-target", true),
        StreamOffsets.parse(options.get("stream-offset")),
        (int) credit,
        Duration.ofMillis(
            OptionValues.wholeNumber(options, "connect-timeout-ms", 10_000, 1, Integer.MAX_VALUE)),
        engineIo(options.getOrDefault("io", "engine")));
  }

  private static boolean engineIo(String value) {
    return switch (value.trim().toLowerCase(Locale.ROOT)) {
      case "engine" -> true;
      case "client" -> false;
      default -> throw new WorkloadException("io must be engine or client (got '" + value + "')");
    };
  }

  /** The AMQP address of a destination: verbatim when it starts with '/', else the template. */
  String addressOf(String destination) {
    if (destination.startsWith("/")) {
      return destination;
    }
    return address.contains("%s") ? address.replace("%s", destination) : address;
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
        return name.indexOf('/') < 0 ? name : null;
      }
    }
    return null;
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

    /**
     * Parses {@code [amqp[s]:]//[USER[:PASSWORD]@]HOST[:PORT][/ADDRESS]}; quiver's {@code
     * //HOST/ADDRESS} form keeps everything after the first '/' following the host as the address
     * (so {@code //h//amq/queue/q} has address {@code /amq/queue/q}).
     */
    static Endpoint parse(String url) {
      String rest = url.trim();
      boolean tls = false;
      int colon = rest.indexOf("://");
      if (colon > 0) {
        String scheme = rest.substring(0, colon).toLowerCase(Locale.ROOT);
        if (!scheme.equals("amqp") && !scheme.equals("amqps")) {
          throw new WorkloadException(
              "url scheme must be amqp or amqps (got '" + scheme + "' in '" + mask(url) + "')");
        }
        tls = scheme.equals("amqps");
        rest = rest.substring(colon + 3);
      } else if (rest.startsWith("//")) {
        rest = rest.substring(2);
      } else {
        throw new WorkloadException(
            "url must look like //HOST[:PORT]/ADDRESS or amqp://HOST[:PORT] (got '"
                + mask(url)
                + "')");
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
          throw new WorkloadException("url port is not a number in '" + mask(url) + "'");
        }
      }
      if (host.isEmpty()) {
        host = "127.0.0.1";
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

    /** The url with any password replaced by stars. */
    static String mask(String url) {
      return url.replaceAll("(//[^/:@]*:)[^@/]*@", "$1****@");
    }
  }
}
