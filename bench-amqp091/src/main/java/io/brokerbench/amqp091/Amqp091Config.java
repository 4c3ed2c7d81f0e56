package io.brokerbench.amqp091;

import io.brokerbench.spi.DriverOption;
import io.brokerbench.spi.OptionValues;
import io.brokerbench.tls.TlsStores;
import io.brokerbench.workload.WorkloadException;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The AMQP 0.9.1 driver's settings, parsed from the option values the user gave.
 *
 * <pre>{@code
 * Amqp091Config config = Amqp091Config.parse(Map.of("uri", "amqp://127.0.0.1", "queue-type", "quorum"));
 * }</pre>
 *
 * @param uris broker URIs, used round-robin for new connections; empty to start an embedded broker
 * @param queueType the type of queue to declare (from {@code queue-type}, {@code quorum-queue},
 *     {@code stream-queue} or an {@code x-queue-type} queue argument)
 * @param queueArguments extra {@code x-} arguments for queue declarations (with {@code
 *     stream-queue}, PerfTest's stream size limits unless given)
 * @param predeclared only check that the queues (and exchange) exist, declare nothing
 * @param exchange the exchange to publish to; empty for the default exchange
 * @param exchangeType the type of a named exchange the driver declares
 * @param routingKey the routing key, or null to use the queue's name
 * @param mandatory publish with the mandatory flag: the broker returns unroutable messages
 * @param streamOffset where stream consumers start ({@code first}, {@code last}, {@code next}, an
 *     offset or an ISO-8601 timestamp), or null for the broker's default ({@code next})
 * @param channelsPerConnection how many producers' or consumers' channels share one connection
 * @param nio use amqp-client's NIO mode (a few I/O threads for many connections)
 * @param tlsTrustAll with {@code amqps}, accept any server certificate (tests only)
 * @param stores with {@code amqps}, the trust store (null for the JVM's default) and the key store
 *     with the client certificate (null for none)
 * @param saslExternal authenticate with SASL EXTERNAL (the TLS client certificate)
 * @param connectTimeout how long to wait for the TCP connection and for the AMQP handshake
 * @param autoDelete declare classic queues auto-delete (the broker removes one when its last
 *     consumer leaves); always false for quorum queues and streams, which RabbitMQ refuses to make
 *     auto-delete
 * @param exclusive declare each queue exclusive on the connection of its first consumer (PerfTest's
 *     {@code -E}), not on the administrative connection: the queue goes with that connection
 * @param heartbeatSeconds the heartbeat interval the client requests; 0 accepts the broker's
 * @param globalPrefetch the channel-wide prefetch ({@code basic.qos} with {@code global}) each
 *     consumer's channel gets besides the workload's prefetch; 0 for none
 * @param streamPrefetch the prefetch of stream consumers when the workload sets none (RabbitMQ
 *     requires one): PerfTest's 200 with {@code stream-queue}, else 1000
 */
public record Amqp091Config(
    List<String> uris,
    QueueType queueType,
    Map<String, Object> queueArguments,
    boolean predeclared,
    String exchange,
    String exchangeType,
    String routingKey,
    boolean mandatory,
    String streamOffset,
    int channelsPerConnection,
    boolean nio,
    boolean tlsTrustAll,
    TlsStores stores,
    boolean saslExternal,
    Duration connectTimeout,
    boolean autoDelete,
    boolean exclusive,
    int heartbeatSeconds,
    int globalPrefetch,
    int streamPrefetch) {

  /** The queue argument naming a RabbitMQ queue's type. */
  static final String QUEUE_TYPE_ARGUMENT = "x-queue-type";

  /** Prefetch of stream consumers when neither the workload nor {@code stream-queue} sets one. */
  static final int STREAM_DEFAULT_PREFETCH = 1_000;

  // PerfTest's -sq (PerfTest.java, 2.22.1): decimal units, as its ByteCapacity.

  /** {@code x-max-length-bytes} of a {@code stream-queue} stream: 20 GB. */
  static final long PERFTEST_STREAM_MAX_LENGTH_BYTES = 20_000_000_000L;

  /** {@code x-stream-max-segment-size-bytes} of a {@code stream-queue} stream: 500 MB. */
  static final long PERFTEST_STREAM_MAX_SEGMENT_SIZE_BYTES = 500_000_000L;

  /** Prefetch of {@code stream-queue} consumers when the workload sets none. */
  static final int PERFTEST_STREAM_PREFETCH = 200;

  /** The largest value of an AMQP short: heartbeat seconds and prefetch counts. */
  private static final int MAX_UNSIGNED_SHORT = 65_535;

  /** The URI used when the {@code uri} option is given empty. */
  public static final String DEFAULT_URI = "amqp://guest:guest@127.0.0.1:5672";

  /** Queue types RabbitMQ offers; other brokers know only {@link #CLASSIC}. */
  public enum QueueType {
    /** A classic queue (the only type most brokers know). */
    CLASSIC,
    /** A RabbitMQ quorum queue (replicated, always durable). */
    QUORUM,
    /** A RabbitMQ stream (an append-only log read through AMQP 0.9.1 with a prefetch). */
    STREAM;

    /** The value of the {@code x-queue-type} argument. */
    String argument() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Copies the collections. */
  public Amqp091Config {
    uris = List.copyOf(uris);
    queueArguments = Map.copyOf(queueArguments);
  }

  /** The options as the driver declares them, in the order to document them. */
  static List<DriverOption> declared() {
    List<DriverOption> options = new ArrayList<>();
    options.addAll(
        List.of(
            DriverOption.of(
                    "uri",
                    "broker URI(s), comma-separated for round-robin connections; empty for "
                        + DEFAULT_URI
                        + "; absent to start an embedded Qpid broker",
                    null)
                .withAliases("-h", "-H", "--uris"),
            DriverOption.of(
                "queue-type", "queue type to declare: classic, quorum or stream", "classic"),
            DriverOption.flag(
                    "quorum-queue", "declare quorum queues: the same as queue-type quorum")
                .withAliases("-qq"),
            DriverOption.flag(
                    "stream-queue",
                    "declare streams as PerfTest does: queue-type stream with x-max-length-bytes"
                        + " 20 GB and x-stream-max-segment-size-bytes 500 MB unless queue-args"
                        + " sets them, and consumers' prefetch 200 unless the workload sets one")
                .withAliases("-sq"),
            DriverOption.of(
                    "auto-delete",
                    "declare classic queues auto-delete (true or false): the broker removes one when"
                        + " its last consumer leaves; quorum queues and streams never are",
                    "true")
                .withAliases("-ad"),
            DriverOption.flag(
                    "exclusive",
                    "declare classic queues exclusive to their consumers' connection, when the"
                        + " first consumer starts; they go with it, and producers reach them through"
                        + " the exchange and routing key")
                .withAliases("-E"),
            DriverOption.of(
                    "queue-args", "queue arguments as key=value pairs, comma-separated", null)
                .withAliases("-qa"),
            DriverOption.flag(
                    "predeclared",
                    "queues and exchange exist already: only check them, declare and delete nothing")
                .withAliases("-p"),
            DriverOption.of(
                    "exchange", "exchange to publish to; empty or amq.default for the default", "")
                .withAliases("-e"),
            DriverOption.of("exchange-type", "type of the exchange the driver declares", "direct")
                .withAliases("-t", "--type"),
            DriverOption.of(
                    "routing-key",
                    "routing key (and binding key); the queue name when absent",
                    null)
                .withAliases("-k"),
            DriverOption.flag(
                "mandatory", "publish as mandatory: the broker returns unroutable messages"),
            DriverOption.of(
                    "stream-offset",
                    "where stream consumers start: first, last, next, an offset or an ISO-8601 time",
                    "next")
                .withAliases("-sco", "--stream-consumer-offset"),
            DriverOption.of(
                "channels-per-connection",
                "producer or consumer channels sharing one connection",
                "1"),
            DriverOption.flag("nio", "use amqp-client's NIO mode so that many connections fit"),
            DriverOption.flag(
                "tls-trust-all",
                "with amqps://, accept any server certificate (never in production)")));
    options.addAll(TlsStores.declared());
    options.addAll(
        List.of(
            DriverOption.flag(
                    "sasl-external", "authenticate with SASL EXTERNAL (the TLS client certificate)")
                .withAliases("-se"),
            DriverOption.of(
                "connect-timeout-ms", "longest wait for a connection and its handshake", "5000"),
            DriverOption.of(
                    "heartbeat",
                    "requested heartbeat interval in seconds; 0 accepts the broker's",
                    "0")
                .withAliases("-b"),
            DriverOption.of(
                    "global-qos",
                    "channel-wide prefetch (basic.qos global) on each consumer's channel, besides the"
                        + " per-consumer qos; classic queues only; 0 for none",
                    "0")
                .withAliases("-Q")));
    return List.copyOf(options);
  }

  /**
   * Parses option values given by name.
   *
   * @throws WorkloadException naming the first invalid option
   */
  public static Amqp091Config parse(Map<String, String> options) {
    List<String> uris = new ArrayList<>();
    String uri = options.get("uri");
    if (uri != null) {
      for (String part : uri.split(",")) {
        if (!part.isBlank()) {
          uris.add(BrokerAddress.parse(part).uri());
        }
      }
      if (uris.isEmpty()) {
        uris.add(DEFAULT_URI);
      }
    }
    String exchange = options.getOrDefault("exchange", "").trim();
    if (exchange.equals("amq.default")) {
      exchange = "";
    }
    String routingKey = options.get("routing-key");
    Map<String, Object> arguments = queueArguments(options.get("queue-args"));
    QueueType queueType = queueType(options, arguments);
    boolean perfTestStream = OptionValues.flag(options, "stream-queue");
    if (perfTestStream) {
      // PerfTest bounds its streams so that a long run cannot fill the broker's disk.
      arguments.putIfAbsent("x-max-length-bytes", PERFTEST_STREAM_MAX_LENGTH_BYTES);
      arguments.putIfAbsent(
          "x-stream-max-segment-size-bytes", PERFTEST_STREAM_MAX_SEGMENT_SIZE_BYTES);
    }
    Amqp091Config config =
        new Amqp091Config(
            uris,
            queueType,
            arguments,
            OptionValues.flag(options, "predeclared"),
            exchange,
            options.getOrDefault("exchange-type", "direct").trim(),
            routingKey == null || routingKey.isEmpty() ? null : routingKey,
            OptionValues.flag(options, "mandatory"),
            options.get("stream-offset"),
            (int)
                OptionValues.wholeNumber(
                    options, "channels-per-connection", 1, 1, Integer.MAX_VALUE),
            OptionValues.flag(options, "nio"),
            OptionValues.flag(options, "tls-trust-all"),
            TlsStores.parse(options),
            OptionValues.flag(options, "sasl-external"),
            Duration.ofMillis(
                OptionValues.wholeNumber(
                    options, "connect-timeout-ms", 5_000, 1, Integer.MAX_VALUE)),
            // PerfTest's default; RabbitMQ refuses auto-delete quorum queues and streams, and
            // PerfTest drops the setting for them as well.
            queueType == QueueType.CLASSIC && OptionValues.bool(options, "auto-delete", true),
            OptionValues.flag(options, "exclusive"),
            (int) OptionValues.wholeNumber(options, "heartbeat", 0, 0, MAX_UNSIGNED_SHORT),
            (int) OptionValues.wholeNumber(options, "global-qos", 0, 0, MAX_UNSIGNED_SHORT),
            perfTestStream ? PERFTEST_STREAM_PREFETCH : STREAM_DEFAULT_PREFETCH);
    if (config.streamOffset != null) {
      config.streamOffsetArgument();
    }
    if (config.embedded() && config.queueType != QueueType.CLASSIC) {
      throw new WorkloadException(
          "queue-type "
              + config.queueType.argument()
              + " needs RabbitMQ: the embedded broker has classic queues only (give a uri)");
    }
    if (config.saslExternal
        && (config.embedded()
            || !config.uris.stream().allMatch(u -> BrokerAddress.parse(u).tls()))) {
      throw new WorkloadException(
          "sasl-external needs amqps:// URIs: the client certificate travels in the TLS handshake");
    }
    if (config.tlsTrustAll && config.stores.trustStore() != null) {
      throw new WorkloadException(
          "tls-trust-all and trust-store contradict each other: give one of them");
    }
    if (config.globalPrefetch > 0 && config.queueType != QueueType.CLASSIC) {
      // RabbitMQ closes the whole connection (NOT_IMPLEMENTED) when such a consumer starts.
      throw new WorkloadException(
          "global-qos needs classic queues: RabbitMQ "
              + config.queueType.argument()
              + " queues refuse a channel-wide prefetch (use the per-consumer qos, -q)");
    }
    if (config.exclusive) {
      config.checkExclusive();
    }
    return config;
  }

  /** Refuses what cannot go with exclusive queues. */
  private void checkExclusive() {
    if (queueType != QueueType.CLASSIC) {
      // RabbitMQ answers PRECONDITION_FAILED (invalid property 'exclusive').
      throw new WorkloadException(
          "exclusive needs classic queues: RabbitMQ refuses exclusive "
              + queueType.argument()
              + " queues (drop exclusive, -E, or the queue type)");
    }
    if (predeclared) {
      throw new WorkloadException(
          "exclusive and predeclared contradict each other: an exclusive queue belongs to the"
              + " connection that declares it, so the run must declare it (drop one of them)");
    }
  }

  /** Masks passwords: a config may be logged. */
  @Override
  public String toString() {
    return "Amqp091Config[uris="
        + uris.stream().map(BrokerAddress::mask).toList()
        + ", queueType="
        + queueType
        + ", queueArguments="
        + queueArguments
        + ", predeclared="
        + predeclared
        + ", exchange="
        + exchange
        + ", exchangeType="
        + exchangeType
        + ", routingKey="
        + routingKey
        + ", mandatory="
        + mandatory
        + ", streamOffset="
        + streamOffset
        + ", channelsPerConnection="
        + channelsPerConnection
        + ", nio="
        + nio
        + ", tlsTrustAll="
        + tlsTrustAll
        + ", stores="
        + stores
        + ", saslExternal="
        + saslExternal
        + ", connectTimeout="
        + connectTimeout
        + ", autoDelete="
        + autoDelete
        + ", exclusive="
        + exclusive
        + ", heartbeatSeconds="
        + heartbeatSeconds
        + ", globalPrefetch="
        + globalPrefetch
        + ", streamPrefetch="
        + streamPrefetch
        + "]";
  }

  /** True when no URI was given and the driver starts an embedded broker. */
  public boolean embedded() {
    return uris.isEmpty();
  }

  /**
   * The {@code x-stream-offset} consumer argument: a String for {@code first}, {@code last} and
   * {@code next}, a Long for an offset, a Date for a timestamp; null when not set.
   */
  Object streamOffsetArgument() {
    if (streamOffset == null) {
      return null;
    }
    String value = streamOffset.trim().toLowerCase(Locale.ROOT);
    if (value.equals("first") || value.equals("last") || value.equals("next")) {
      return value;
    }
    if (!value.isEmpty() && value.chars().allMatch(Character::isDigit)) {
      try {
        return Long.parseLong(value);
      } catch (NumberFormatException e) {
        // Too large for a long: reported below with the other invalid values.
      }
    }
    try {
      return Date.from(Instant.parse(streamOffset.trim()));
    } catch (DateTimeParseException e) {
      throw new WorkloadException(
          "stream-offset must be first, last, next, an offset or an ISO-8601 time such as"
              + " 2026-01-31T12:00:00Z (got '"
              + streamOffset
              + "')");
    }
  }

  /**
   * The queue type from the {@code queue-type} option, the {@code quorum-queue} or {@code
   * stream-queue} flag or an {@code x-queue-type} queue argument (PerfTest's ways); several may be
   * given if they agree.
   */
  private static QueueType queueType(Map<String, String> options, Map<String, Object> arguments) {
    List<TypeSource> sources = new ArrayList<>();
    String option = options.get("queue-type");
    if (option != null) {
      QueueType type = queueType("queue-type", option);
      sources.add(new TypeSource("queue-type " + type.argument(), type));
    }
    if (OptionValues.flag(options, "quorum-queue")) {
      sources.add(new TypeSource("quorum-queue", QueueType.QUORUM));
    }
    if (OptionValues.flag(options, "stream-queue")) {
      sources.add(new TypeSource("stream-queue", QueueType.STREAM));
    }
    Object argument = arguments.get(QUEUE_TYPE_ARGUMENT);
    if (argument != null) {
      QueueType type = queueType("queue-args " + QUEUE_TYPE_ARGUMENT, argument.toString());
      sources.add(
          new TypeSource("queue-args " + QUEUE_TYPE_ARGUMENT + "=" + type.argument(), type));
    }
    if (sources.isEmpty()) {
      return QueueType.CLASSIC;
    }
    TypeSource first = sources.get(0);
    for (TypeSource source : sources) {
      if (source.type != first.type) {
        throw new WorkloadException(
            first.label + " and " + source.label + " disagree: give one of them");
      }
    }
    return first.type;
  }

  /** Where a queue type was given, as the user wrote it, and the type. */
  private record TypeSource(String label, QueueType type) {}

  private static QueueType queueType(String what, String value) {
    try {
      return QueueType.valueOf(value.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new WorkloadException(
          what + " must be classic, quorum or stream (got '" + value + "')");
    }
  }

  /** Parses {@code k=v,k=v}: whole numbers become Long, true/false Boolean, the rest String. */
  static Map<String, Object> queueArguments(String value) {
    Map<String, Object> arguments = new LinkedHashMap<>();
    if (value == null || value.isBlank()) {
      return arguments;
    }
    for (String pair : value.split(",")) {
      int equals = pair.indexOf('=');
      if (equals <= 0) {
        throw new WorkloadException(
            "queue-args must be key=value pairs separated by commas (got '" + pair.trim() + "')");
      }
      String key = pair.substring(0, equals).trim();
      String raw = pair.substring(equals + 1).trim();
      arguments.put(key, typed(raw));
    }
    return arguments;
  }

  private static Object typed(String raw) {
    if (raw.equalsIgnoreCase("true") || raw.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(raw);
    }
    try {
      return Long.parseLong(raw);
    } catch (NumberFormatException e) {
      return raw;
    }
  }
}
