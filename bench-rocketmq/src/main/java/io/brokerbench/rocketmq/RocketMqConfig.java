package io.brokerbench.rocketmq;

import io.brokerbench.spi.DeclaredOption;
import io.brokerbench.spi.DeclaredOptions;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OptionException;
import io.brokerbench.spi.StreamStart;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;

/**
 * The rocketmq driver's settings, parsed from the options the user gave by name.
 *
 * @param nameServer name server address list ({@code host:port;host:port}), or null to start an
 *     embedded name server and broker
 * @param sendMode how producers send
 * @param producerGroup the producer group
 * @param consumerGroup the consumer group, or null for one group per destination
 * @param tag the tag every message carries, or null for none
 * @param keys give every message a key (the broker indexes it)
 * @param delayLevel delay level of every message (0: not delayed)
 * @param sendTimeout how long one send may take before it fails, its retries included
 * @param retries how often the driver sends a failed message again (what the client would retry,
 *     each retry counted; not oneway sends)
 * @param consumeMode concurrent or orderly push consumers, or lite pull consumers
 * @param consumeFrom where a consumer group without a committed offset starts, or null for the
 *     start of topics the driver created and the end of others
 * @param consumeTimestamp for {@link ConsumeFrom#TIMESTAMP}, the client's {@code yyyyMMddHHmmss} in
 *     the local time zone
 * @param filter the consumers' tag expression or SQL92 condition
 * @param sqlFilter true when {@code filter} is SQL92
 * @param consumeThreads push consumer threads per consumer
 * @param queuesPerTopic read and write queues of each topic the driver creates
 * @param topicSetup how topics come to exist
 * @param accessKey ACL access key, or null for none
 * @param secretKey ACL secret key, or null; never printed
 * @param embeddedSyncFlush the embedded broker flushes before answering (SYNC_FLUSH)
 * @param batchSize messages per batch send request (1: no batching)
 * @param batchLinger how long a partial batch waits for more messages
 * @param headerEncoding how the clients encode request headers
 */
public record RocketMqConfig(
    String nameServer,
    SendMode sendMode,
    String producerGroup,
    String consumerGroup,
    String tag,
    boolean keys,
    int delayLevel,
    Duration sendTimeout,
    int retries,
    ConsumeMode consumeMode,
    ConsumeFrom consumeFrom,
    String consumeTimestamp,
    String filter,
    boolean sqlFilter,
    int consumeThreads,
    int queuesPerTopic,
    TopicSetup topicSetup,
    String accessKey,
    String secretKey,
    boolean embeddedSyncFlush,
    int batchSize,
    Duration batchLinger,
    HeaderEncoding headerEncoding) {

  /** How a producer hands messages to the client. */
  public enum SendMode {
    /** {@code send(msg, callback)}: confirmed when the broker answers, many in flight. */
    ASYNC,
    /** {@code send(msg)}: each producer thread waits for the answer (the RocketMQ tool's mode). */
    SYNC,
    /** {@code sendOneway(msg)}: no answer; confirmed when handed to the client. */
    ONEWAY
  }

  /** How the clients encode the headers of their requests (brokers read both). */
  public enum HeaderEncoding {
    /** RocketMQ's compact binary form: no reflection, no JSON writer per send. */
    ROCKETMQ,
    /** JSON, the client's default, as the RocketMQ tool sends them. */
    JSON
  }

  /** How consumers receive. */
  public enum ConsumeMode {
    /** Push consumer with {@code MessageListenerConcurrently}. */
    CONCURRENT,
    /** Push consumer with {@code MessageListenerOrderly}: one thread per queue at a time. */
    ORDERLY,
    /** {@code DefaultLitePullConsumer} polled by one thread, offsets committed by the client. */
    LITE_PULL
  }

  /** Where a consumer group without a committed offset starts. */
  public enum ConsumeFrom {
    /**
     * The end of each queue (new messages only; the broker starts new groups at 0 while in memory).
     */
    LAST,
    /** The start of each queue. */
    FIRST,
    /** The first message stored at or after a time. */
    TIMESTAMP;

    /** The client's setting for a start in the syntax all drivers share. */
    static ConsumeFrom of(StreamStart start) {
      return switch (start.kind()) {
        case FIRST -> FIRST;
        // RocketMQ's last offset is past the last message: new messages only.
        case LAST, NEXT -> LAST;
        case TIMESTAMP -> TIMESTAMP;
        case OFFSET -> throw new IllegalArgumentException("no RocketMQ start at an offset");
      };
    }
  }

  /** How topics come to exist. */
  public enum TopicSetup {
    /** The driver creates each topic on every master broker and deletes it afterwards. */
    CREATE,
    /** Topics must exist already; a missing topic is an error before the run starts. */
    PREDECLARED,
    /** Nothing is created: the broker creates topics on first send (autoCreateTopicEnable). */
    AUTO
  }

  /** How consumers select messages. */
  public enum FilterType {
    /** A tag expression such as {@code a || b}. */
    TAG,
    /** An SQL92 condition on message properties. */
    SQL92
  }

  /** The client reads a consume timestamp in this form, in the local time zone. */
  private static final DateTimeFormatter CLIENT_TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyyMMddHHmmss", Locale.ROOT);

  private static final int MAX_PORT = 65_535;

  static final DeclaredOption<String> NAME_SERVER =
      DeclaredOption.of(
              "name-server",
              "name server address(es), host:port[;host:port]; none: start an embedded broker",
              RocketMqConfig::nameServers,
              "HOST:PORT addresses separated by ';'")
          .withAliases("-n");
  static final DeclaredOption<SendMode> SEND_MODE =
      DeclaredOption.choice(
          "send-mode",
          "async, sync (the RocketMQ tool's mode) or oneway",
          SendMode.class,
          SendMode.ASYNC);
  static final DeclaredOption<HeaderEncoding> HEADER_ENCODING =
      DeclaredOption.choice(
          "header-encoding",
          "request headers as rocketmq (compact binary) or json (the client's default, as the"
              + " RocketMQ tool sends them)",
          HeaderEncoding.class,
          HeaderEncoding.ROCKETMQ);
  static final DeclaredOption<String> PRODUCER_GROUP =
      DeclaredOption.text("producer-group", "producer group").withDefault("brokerbench_producer");
  static final DeclaredOption<String> CONSUMER_GROUP =
      DeclaredOption.text(
              "consumer-group", "consumer group (default: one new group per destination)")
          .withAliases("-g");
  static final DeclaredOption<String> TAG =
      DeclaredOption.text("tag", "tag carried by every message");
  static final DeclaredOption<Boolean> KEYS =
      DeclaredOption.flag("keys", "give every message a key (indexed by the broker)")
          .withAliases("-k");
  static final DeclaredOption<Integer> DELAY_LEVEL =
      DeclaredOption.integer(
          "delay-level", "delay level of every message, 0: not delayed", 0, 0, 18);
  static final DeclaredOption<Duration> SEND_TIMEOUT =
      DeclaredOption.millis(
          "send-timeout-ms", "time all attempts of one send share", 3_000, 1, 600_000);
  static final DeclaredOption<Integer> RETRIES =
      DeclaredOption.integer(
          "retries",
          "times a failed async or sync send is sent again (counted as retries), as the client"
              + " would retry it",
          2,
          0,
          100);
  static final DeclaredOption<ConsumeMode> CONSUME_MODE =
      DeclaredOption.choice(
          "consume-mode",
          "concurrent or orderly push consumer, or lite-pull consumer",
          ConsumeMode.class,
          ConsumeMode.CONCURRENT);
  static final DeclaredOption<StreamStart> CONSUME_FROM =
      DeclaredOption.of(
              "consume-from",
              "where new groups start: first, last (or next: new messages only),"
                  + " timestamp:TIME (ISO-8601, epoch milliseconds or yyyyMMddHHmmss), DURATION"
                  + " ago (such as 10m ago), or auto (first on topics the driver created, else"
                  + " last)",
              RocketMqConfig::consumeFrom,
              "auto, first, last, next, timestamp:TIME (ISO-8601, epoch milliseconds or"
                  + " yyyyMMddHHmmss) or DURATION ago (such as 10m ago)")
          .withDefault(null, "auto");
  static final DeclaredOption<String> FILTER =
      DeclaredOption.text("filter", "consumers' tag expression (or SQL92 with --filter-type)")
          .withDefault("*")
          .withAliases("-e");
  static final DeclaredOption<FilterType> FILTER_TYPE =
      DeclaredOption.choice("filter-type", "tag or sql92", FilterType.class, FilterType.TAG);
  static final DeclaredOption<Integer> CONSUME_THREADS =
      DeclaredOption.integer("consume-threads", "push consumer threads per consumer", 20, 1, 1_000);
  static final DeclaredOption<Integer> QUEUES_PER_TOPIC =
      DeclaredOption.integer(
          "queues-per-topic", "queues of each topic the driver creates", 8, 1, 1_024);
  static final DeclaredOption<TopicSetup> TOPIC_SETUP =
      DeclaredOption.choice(
          "topic-setup",
          "create when missing (and delete afterwards; an existing topic is used as it is and kept),"
              + " predeclared (must exist) or auto (broker creates)",
          TopicSetup.class,
          TopicSetup.CREATE);
  static final DeclaredOption<String> ACCESS_KEY =
      DeclaredOption.text("access-key", "ACL access key").withAliases("-ak");
  static final DeclaredOption<String> SECRET_KEY =
      DeclaredOption.text("secret-key", "ACL secret key").withAliases("-sk").asSecret();
  static final DeclaredOption<Boolean> EMBEDDED_SYNC_FLUSH =
      DeclaredOption.flag(
          "embedded-sync-flush", "the embedded broker uses SYNC_FLUSH instead of ASYNC_FLUSH");
  static final DeclaredOption<Integer> BATCH =
      DeclaredOption.integer(
          "batch", "messages per batch send (async or sync), 1: no batching", 1, 1, 1_024);
  static final DeclaredOption<Duration> BATCH_LINGER =
      DeclaredOption.millis("batch-linger-ms", "longest wait of a partial batch", 1, 0, 60_000);

  /** The options as the driver declares them, in documentation order. */
  static final DeclaredOptions OPTIONS =
      DeclaredOptions.of(
          NAME_SERVER,
          SEND_MODE,
          HEADER_ENCODING,
          PRODUCER_GROUP,
          CONSUMER_GROUP,
          TAG,
          KEYS,
          DELAY_LEVEL,
          SEND_TIMEOUT,
          RETRIES,
          CONSUME_MODE,
          CONSUME_FROM,
          FILTER,
          FILTER_TYPE,
          CONSUME_THREADS,
          QUEUES_PER_TOPIC,
          TOPIC_SETUP,
          ACCESS_KEY,
          SECRET_KEY,
          EMBEDDED_SYNC_FLUSH,
          BATCH,
          BATCH_LINGER);

  /**
   * Parses option values given by name.
   *
   * @throws OptionException naming the option when a value is not understood
   */
  static RocketMqConfig parse(Map<String, String> options) {
    StreamStart start = CONSUME_FROM.from(options);
    int batchSize = BATCH.from(options);
    SendMode sendMode = SEND_MODE.from(options);
    int delayLevel = DELAY_LEVEL.from(options);
    if (batchSize > 1 && sendMode == SendMode.ONEWAY) {
      throw new OptionException("batch send needs send-mode async or sync, not oneway");
    }
    if (batchSize > 1 && delayLevel > 0) {
      throw new OptionException(
          "RocketMQ does not batch delayed messages: drop batch or delay-level");
    }
    String accessKey = ACCESS_KEY.from(options);
    String secretKey = SECRET_KEY.from(options);
    if ((accessKey == null) != (secretKey == null)) {
      throw new OptionException("give both access-key and secret-key, or neither");
    }
    return new RocketMqConfig(
        NAME_SERVER.from(options),
        sendMode,
        PRODUCER_GROUP.from(options),
        CONSUMER_GROUP.from(options),
        TAG.from(options),
        KEYS.from(options),
        delayLevel,
        SEND_TIMEOUT.from(options),
        RETRIES.from(options),
        CONSUME_MODE.from(options),
        start == null ? null : ConsumeFrom.of(start),
        start == null || start.time() == null
            ? null
            : CLIENT_TIMESTAMP.format(start.time().atZone(ZoneId.systemDefault())),
        FILTER.from(options),
        FILTER_TYPE.from(options) == FilterType.SQL92,
        CONSUME_THREADS.from(options),
        QUEUES_PER_TOPIC.from(options),
        TOPIC_SETUP.from(options),
        accessKey,
        secretKey,
        EMBEDDED_SYNC_FLUSH.from(options),
        batchSize,
        BATCH_LINGER.from(options),
        HEADER_ENCODING.from(options));
  }

  /**
   * Checks that a producer can keep what these settings promise, once its client is started.
   *
   * @param inFlightWindow the messages the core may have in flight on the producer
   * @param bodyBytes the size of the producer's message bodies
   * @param maxRequestBytes the largest request the producer client sends
   * @throws DriverException when the producer could not keep its window, or a batch would not fit
   *     in one request
   */
  void checkProducer(int inFlightWindow, int bodyBytes, int maxRequestBytes)
      throws DriverException {
    if (sendMode == SendMode.SYNC && batchSize <= 1 && inFlightWindow > 1) {
      // A sync producer has one send in flight; a larger window would be a promise not kept. (A
      // sync batch send has a batch in flight: its window covers the batch.)
      throw new DriverException(
          "--send-mode sync sends one message at a time per producer, so "
              + inFlightWindow
              + " in flight (-w or --in-flight) cannot be kept: use --producers "
              + inFlightWindow
              + " for that many sync senders, or leave out --send-mode sync");
    }
    if (batchSize > 1 && (long) batchSize * (bodyBytes + 256) > maxRequestBytes) {
      throw new DriverException(
          "a batch of "
              + batchSize
              + " messages of "
              + bodyBytes
              + " B exceeds RocketMQ's "
              + maxRequestBytes
              + "-byte request limit: use a smaller batch");
    }
  }

  /** {@code auto} (null) or a start a consumer group can have: RocketMQ has no offsets to name. */
  private static StreamStart consumeFrom(String text) {
    if (text.equalsIgnoreCase("auto")) {
      return null;
    }
    StreamStart start = StreamStart.parse(text, Clock.systemDefaultZone());
    if (start.kind() == StreamStart.Kind.OFFSET) {
      throw new IllegalArgumentException("a RocketMQ group cannot start at an offset");
    }
    return start;
  }

  /**
   * Checks each {@code HOST:PORT} of a name server list, so a typo fails before the client tries
   * (and reports an empty address).
   */
  private static String nameServers(String text) {
    for (String address : text.split(";")) {
      String entry = address.trim();
      int colon = entry.lastIndexOf(':');
      String host = colon < 0 ? "" : entry.substring(0, colon);
      if (host.isEmpty() || host.chars().anyMatch(Character::isWhitespace)) {
        throw new IllegalArgumentException("'" + entry + "' is not HOST:PORT");
      }
      try {
        int port = Integer.parseInt(entry.substring(colon + 1));
        if (port < 1 || port > MAX_PORT) {
          throw new IllegalArgumentException("port " + port + " of '" + entry + "' is not 1-65535");
        }
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("the port of '" + entry + "' is not a number", e);
      }
    }
    return text;
  }

  /** Never shows the secret key. */
  @Override
  public String toString() {
    return "RocketMqConfig[nameServer="
        + nameServer
        + ", sendMode="
        + sendMode
        + ", accessKey="
        + accessKey
        + ", secretKey="
        + (secretKey == null ? null : "****")
        + "]";
  }
}
