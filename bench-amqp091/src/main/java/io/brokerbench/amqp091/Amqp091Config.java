package io.brokerbench.amqp091;

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
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
 * @param streamOffset where stream consumers start, or null for the broker's default ({@code next})
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
 * @param replyTo where a request-reply run's requesters get their replies
 * @param placement which node of a cluster each producer and consumer connects to
 * @param managementUrl RabbitMQ's management API, asked for each queue's leader with {@code
 *     placement} leader or non-leader: {@code http://HOST:15672} of the first URI unless given
 * @param prometheusUrl each node's Prometheus endpoint, comma-separated, for the broker's own load;
 *     null for port 15692 of each URI's host
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
    StreamStart streamOffset,
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
    int streamPrefetch,
    ReplyTo replyTo,
    Placement placement,
    String managementUrl,
    String prometheusUrl) {

  /** Which node of a cluster (the URIs given) each producer and consumer connects to. */
  public enum Placement {
    /** The next URI in turn, whatever node hosts the queue. */
    ROUND_ROBIN,
    /** The node hosting its queue's leader (a quorum queue's leader, a classic queue's node). */
    LEADER,
    /** A node that does not host its queue's leader, in turn among them. */
    NON_LEADER
  }

  /** Where requesters receive replies. */
  public enum ReplyTo {
    /** RabbitMQ's direct reply-to, {@code amq.rabbitmq.reply-to}: no queue at all. */
    DIRECT,
    /** A server-named exclusive queue per requester, declared on its channel. */
    QUEUE
  }

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

  /** Copies the collections. */
  public Amqp091Config {
    uris = List.copyOf(uris);
    queueArguments = Map.copyOf(queueArguments);
  }

  static final DeclaredOption<List<String>> URI =
      DeclaredOption.of(
              "uri",
              "broker URI(s), comma-separated for round-robin connections; empty for "
                  + DEFAULT_URI
                  + "; absent to start an embedded Qpid broker",
              Amqp091Config::uris,
              "amqp[s]://[USER:PASSWORD@]HOST[:PORT][/VHOST], comma-separated")
          .shownAs(UriPasswords::mask)
          .withAliases("-h", "-H", "--uris");
  static final DeclaredOption<QueueType> QUEUE_TYPE = QueueType.OPTION;
  static final DeclaredOption<Boolean> QUORUM_QUEUE =
      DeclaredOption.flag("quorum-queue", "declare quorum queues: the same as queue-type quorum")
          .withAliases("-qq");
  static final DeclaredOption<Boolean> STREAM_QUEUE =
      DeclaredOption.flag(
              "stream-queue",
              "declare streams as PerfTest does: queue-type stream with x-max-length-bytes"
                  + " 20 GB and x-stream-max-segment-size-bytes 500 MB unless queue-args"
                  + " sets them, and consumers' prefetch 200 unless the workload sets one")
          .withAliases("-sq");
  static final DeclaredOption<Boolean> AUTO_DELETE =
      DeclaredOption.bool(
              "auto-delete",
              "declare classic queues auto-delete: the broker removes one when its last consumer"
                  + " leaves; quorum queues and streams never are",
              true)
          .withAliases("-ad");
  static final DeclaredOption<Boolean> EXCLUSIVE =
      DeclaredOption.flag(
              "exclusive",
              "declare classic queues exclusive to their consumers' connection, when the"
                  + " first consumer starts; they go with it, and producers reach them through"
                  + " the exchange and routing key")
          .withAliases("-E");
  static final DeclaredOption<Map<String, Object>> QUEUE_ARGS =
      DeclaredOption.of(
              "queue-args",
              "queue arguments as key=value pairs, comma-separated",
              Amqp091Config::queueArguments,
              "key=value pairs separated by commas")
          .withAliases("-qa");
  static final DeclaredOption<Boolean> PREDECLARED =
      DeclaredOption.flag(
              "predeclared",
              "queues and exchange exist already: only check them, declare and delete nothing")
          .withAliases("-p");
  static final DeclaredOption<String> EXCHANGE =
      DeclaredOption.text(
              "exchange", "exchange to publish to; empty or amq.default for the default")
          .withDefault("")
          .withAliases("-e");
  static final DeclaredOption<String> EXCHANGE_TYPE =
      DeclaredOption.text("exchange-type", "type of the exchange the driver declares")
          .withDefault("direct")
          .withAliases("-t", "--type");
  static final DeclaredOption<String> ROUTING_KEY =
      DeclaredOption.text(
              "routing-key", "routing key (and binding key); the queue name when absent")
          .withAliases("-k");
  static final DeclaredOption<Boolean> MANDATORY =
      DeclaredOption.flag(
          "mandatory", "publish as mandatory: the broker returns unroutable messages");
  static final DeclaredOption<StreamStart> STREAM_OFFSET =
      StreamOffset.OPTION.withAliases("-sco", "--stream-consumer-offset");
  static final DeclaredOption<Integer> CHANNELS_PER_CONNECTION =
      DeclaredOption.integer(
          "channels-per-connection",
          "producer or consumer channels sharing one connection",
          1,
          1,
          Integer.MAX_VALUE);
  static final DeclaredOption<Boolean> NIO =
      DeclaredOption.flag("nio", "use amqp-client's NIO mode so that many connections fit");
  static final DeclaredOption<Boolean> TLS_TRUST_ALL =
      DeclaredOption.flag(
          "tls-trust-all", "with amqps://, accept any server certificate (never in production)");
  static final DeclaredOption<Boolean> SASL_EXTERNAL =
      DeclaredOption.flag(
              "sasl-external", "authenticate with SASL EXTERNAL (the TLS client certificate)")
          .withAliases("-se");
  static final DeclaredOption<Integer> HEARTBEAT =
      DeclaredOption.integer(
              "heartbeat",
              "requested heartbeat interval in seconds; 0 accepts the broker's",
              0,
              0,
              MAX_UNSIGNED_SHORT)
          .withAliases("-b");
  static final DeclaredOption<Integer> GLOBAL_QOS =
      DeclaredOption.integer(
              "global-qos",
              "channel-wide prefetch (basic.qos global) on each consumer's channel, besides the"
                  + " per-consumer qos; classic queues only; 0 for none",
              0,
              0,
              MAX_UNSIGNED_SHORT)
          .withAliases("-Q");

  static final DeclaredOption<ReplyTo> REPLY_TO =
      DeclaredOption.choice(
          "reply-to",
          "with --request-reply, where requesters get replies: direct (RabbitMQ's direct"
              + " reply-to, amq.rabbitmq.reply-to) or queue (an exclusive queue per requester)",
          ReplyTo.class,
          ReplyTo.DIRECT);

  static final DeclaredOption<Placement> PLACEMENT =
      DeclaredOption.choice(
          "placement",
          "which node of a cluster (the URIs given) each producer and consumer connects to: the"
              + " next in turn, the node hosting its queue's leader, or one that does not (the"
              + " leader found through the management API)",
          Placement.class,
          Placement.ROUND_ROBIN);
  static final DeclaredOption<String> MANAGEMENT_URL =
      DeclaredOption.text(
          "management-url",
          "RabbitMQ's management API, for --placement leader or non-leader and for broker memory"
              + " with --connections (default:"
              + " http://HOST:15672 of the first URI, with its user)");

  /** The options as the driver declares them, in the order to document them. */
  static final DeclaredOptions OPTIONS =
      DeclaredOptions.of(
              URI,
              QUEUE_TYPE,
              QUORUM_QUEUE,
              STREAM_QUEUE,
              AUTO_DELETE,
              EXCLUSIVE,
              QUEUE_ARGS,
              PREDECLARED,
              EXCHANGE,
              EXCHANGE_TYPE,
              ROUTING_KEY,
              MANDATORY,
              STREAM_OFFSET,
              CHANNELS_PER_CONNECTION,
              NIO,
              TLS_TRUST_ALL)
          .plus(TlsStores.OPTIONS)
          .plus(
              DeclaredOptions.of(
                  SASL_EXTERNAL,
                  ConnectTimeout.OPTION,
                  HEARTBEAT,
                  GLOBAL_QOS,
                  REPLY_TO,
                  PLACEMENT,
                  MANAGEMENT_URL,
                  RabbitMqLoadReader.OPTION));

  /**
   * Parses option values given by name.
   *
   * @throws OptionException naming the first invalid option
   */
  public static Amqp091Config parse(Map<String, String> options) {
    // Absent: an embedded broker; given empty: the local default broker.
    List<String> uris = URI.isGiven(options) ? URI.from(options, List.of(DEFAULT_URI)) : List.of();
    String exchange = EXCHANGE.from(options);
    if (exchange.equals("amq.default")) {
      exchange = "";
    }
    Map<String, Object> arguments = new LinkedHashMap<>(QUEUE_ARGS.from(options, Map.of()));
    QueueType queueType = queueType(options, arguments);
    boolean perfTestStream = STREAM_QUEUE.from(options);
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
            PREDECLARED.from(options),
            exchange,
            EXCHANGE_TYPE.from(options),
            ROUTING_KEY.from(options),
            MANDATORY.from(options),
            STREAM_OFFSET.from(options),
            CHANNELS_PER_CONNECTION.from(options),
            NIO.from(options),
            TLS_TRUST_ALL.from(options),
            TlsStores.parse(options),
            SASL_EXTERNAL.from(options),
            ConnectTimeout.OPTION.from(options),
            // PerfTest's default; RabbitMQ refuses auto-delete quorum queues and streams, and
            // PerfTest drops the setting for them as well.
            queueType == QueueType.CLASSIC && AUTO_DELETE.from(options),
            EXCLUSIVE.from(options),
            HEARTBEAT.from(options),
            GLOBAL_QOS.from(options),
            perfTestStream ? PERFTEST_STREAM_PREFETCH : STREAM_DEFAULT_PREFETCH,
            REPLY_TO.from(options),
            PLACEMENT.from(options),
            MANAGEMENT_URL.from(options),
            RabbitMqLoadReader.OPTION.from(options));
    RabbitMqLoadReader.endpoints(
        config.prometheusUrl,
        config.uris.stream().map(u -> BrokerAddress.parse(u).host()).toList());
    if (config.placement != Placement.ROUND_ROBIN && config.uris.size() < 2) {
      throw new OptionException(
          "--placement "
              + DeclaredOption.choiceName(config.placement)
              + " needs a cluster: give each node's URI, comma-separated (-h"
              + " amqp://node1:5672,amqp://node2:5672,amqp://node3:5672)");
    }
    if (config.embedded() && config.queueType != QueueType.CLASSIC) {
      throw new OptionException(
          "queue-type "
              + config.queueType.argument()
              + " needs RabbitMQ: the embedded broker has classic queues only (give a uri)");
    }
    if (config.saslExternal
        && (config.embedded()
            || !config.uris.stream().allMatch(u -> BrokerAddress.parse(u).tls()))) {
      throw new OptionException(
          "sasl-external needs amqps:// URIs: the client certificate travels in the TLS handshake");
    }
    if (config.tlsTrustAll && config.stores.trustStore() != null) {
      throw new OptionException(
          "tls-trust-all and trust-store contradict each other: give one of them");
    }
    if (config.globalPrefetch > 0 && config.queueType != QueueType.CLASSIC) {
      // RabbitMQ closes the whole connection (NOT_IMPLEMENTED) when such a consumer starts.
      throw new OptionException(
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
      throw new OptionException(
          "exclusive needs classic queues: RabbitMQ refuses exclusive "
              + queueType.argument()
              + " queues (drop exclusive, -E, or the queue type)");
    }
    if (predeclared) {
      throw new OptionException(
          "exclusive and predeclared contradict each other: an exclusive queue belongs to the"
              + " connection that declares it, so the run must declare it (drop one of them)");
    }
  }

  /** Masks passwords: a config may be logged. */
  @Override
  public String toString() {
    return "Amqp091Config[uris="
        + UriPasswords.mask(uris.toString())
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
    return streamOffset == null ? null : StreamOffset.value(streamOffset);
  }

  /**
   * The queue type from the {@code queue-type} option, the {@code quorum-queue} or {@code
   * stream-queue} flag or an {@code x-queue-type} queue argument (PerfTest's ways); several may be
   * given if they agree.
   */
  private static QueueType queueType(Map<String, String> options, Map<String, Object> arguments) {
    List<TypeSource> sources = new ArrayList<>();
    if (QUEUE_TYPE.isGiven(options)) {
      QueueType type = QUEUE_TYPE.from(options);
      sources.add(new TypeSource("queue-type " + type.argument(), type));
    }
    if (QUORUM_QUEUE.from(options)) {
      sources.add(new TypeSource("quorum-queue", QueueType.QUORUM));
    }
    if (STREAM_QUEUE.from(options)) {
      sources.add(new TypeSource("stream-queue", QueueType.STREAM));
    }
    Object argument = arguments.get(QueueType.ARGUMENT);
    if (argument != null) {
      QueueType type = QUEUE_TYPE.from(Map.of(QUEUE_TYPE.name(), argument.toString()));
      sources.add(new TypeSource("queue-args " + QueueType.ARGUMENT + "=" + type.argument(), type));
    }
    if (sources.isEmpty()) {
      return QueueType.CLASSIC;
    }
    TypeSource first = sources.get(0);
    for (TypeSource source : sources) {
      if (source.type != first.type) {
        throw new OptionException(
            first.label + " and " + source.label + " disagree: give one of them");
      }
    }
    return first.type;
  }

  /** Where a queue type was given, as the user wrote it, and the type. */
  private record TypeSource(String label, QueueType type) {}

  /** Parses {@code k=v,k=v}: whole numbers become Long, true/false Boolean, the rest String. */
  static Map<String, Object> queueArguments(String value) {
    Map<String, Object> arguments = new LinkedHashMap<>();
    for (String pair : value.split(",")) {
      int equals = pair.indexOf('=');
      if (equals <= 0) {
        throw new IllegalArgumentException("'" + pair.trim() + "' is not key=value");
      }
      String key = pair.substring(0, equals).trim();
      String raw = pair.substring(equals + 1).trim();
      arguments.put(key, typed(raw));
    }
    return Map.copyOf(arguments);
  }

  /** The URIs of a comma-separated list, each checked; blanks between commas are ignored. */
  private static List<String> uris(String text) {
    List<String> uris = new ArrayList<>();
    for (String part : text.split(",")) {
      if (!part.isBlank()) {
        uris.add(BrokerAddress.parse(part).uri());
      }
    }
    return uris.isEmpty() ? List.of(DEFAULT_URI) : List.copyOf(uris);
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
