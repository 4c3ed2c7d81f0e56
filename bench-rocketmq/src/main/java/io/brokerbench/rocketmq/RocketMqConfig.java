package io.brokerbench.rocketmq;

import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.DriverOption;
import io.brokerbench.spi.OptionValues;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
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
 * @param consumeTimestamp for {@link ConsumeFrom#TIMESTAMP}, the client's {@code yyyyMMddHHmmss}
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
    TIMESTAMP
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

  private static final DateTimeFormatter CLIENT_TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyyMMddHHmmss", Locale.ROOT);

  /** The options as the driver declares them, in documentation order. */
  static List<DriverOption> declared() {
    return List.of(
        DriverOption.of(
                "name-server",
                "name server address(es), host:port[;host:port]; none: start an embedded broker",
                null)
            .withAliases("-n"),
        DriverOption.of("send-mode", "async, sync (the RocketMQ tool's mode) or oneway", "async"),
        DriverOption.of(
            "header-encoding",
            "request headers as rocketmq (compact binary) or json (the client's default, as the"
                + " RocketMQ tool sends them)",
            "rocketmq"),
        DriverOption.of("producer-group", "producer group", "brokerbench_producer"),
        DriverOption.of(
                "consumer-group", "consumer group (default: one new group per destination)", null)
            .withAliases("-g"),
        DriverOption.of("tag", "tag carried by every message", null),
        DriverOption.of("keys", "true: give every message a key (indexed by the broker)", "false")
            .withAliases("-k"),
        DriverOption.of("delay-level", "delay level of every message, 0: not delayed", "0"),
        DriverOption.of("send-timeout-ms", "time all attempts of one send share", "3000"),
        DriverOption.of(
            "retries",
            "times a failed async or sync send is sent again (counted as retries), as the client"
                + " would retry it",
            "2"),
        DriverOption.of(
            "consume-mode",
            "concurrent or orderly push consumer, or lite-pull consumer",
            "concurrent"),
        DriverOption.of(
            "consume-from",
            "where new groups start: first, last, timestamp:yyyyMMddHHmmss, or auto (first on"
                + " topics the driver created, else last)",
            "auto"),
        DriverOption.of("filter", "consumers' tag expression (or SQL92 with --filter-type)", "*")
            .withAliases("-e"),
        DriverOption.of("filter-type", "TAG or SQL92", "TAG"),
        DriverOption.of("consume-threads", "push consumer threads per consumer", "20"),
        DriverOption.of("queues-per-topic", "queues of each topic the driver creates", "8"),
        DriverOption.of(
            "topic-setup",
            "create (and delete afterwards), predeclared (must exist) or auto (broker creates)",
            "create"),
        DriverOption.of("access-key", "ACL access key", null).withAliases("-ak"),
        DriverOption.of("secret-key", "ACL secret key", null).withAliases("-sk").asSecret(),
        DriverOption.flag(
            "embedded-sync-flush", "the embedded broker uses SYNC_FLUSH instead of ASYNC_FLUSH"),
        DriverOption.of("batch", "messages per batch send (async or sync), 1: no batching", "1"),
        DriverOption.of("batch-linger-ms", "longest wait of a partial batch", "1"));
  }

  /**
   * Parses option values given by name.
   *
   * @throws DriverException naming the option when a value is not understood
   */
  static RocketMqConfig parse(Map<String, String> options) throws DriverException {
    String consumeFromValue = text(options, "consume-from", "auto");
    ConsumeFrom consumeFrom;
    String timestamp = null;
    if (consumeFromValue.equalsIgnoreCase("auto")) {
      consumeFrom = null;
    } else if (consumeFromValue.toLowerCase(Locale.ROOT).startsWith("timestamp:")) {
      consumeFrom = ConsumeFrom.TIMESTAMP;
      timestamp = consumeFromValue.substring("timestamp:".length()).trim();
      try {
        LocalDateTime.parse(timestamp, CLIENT_TIMESTAMP);
      } catch (DateTimeParseException e) {
        throw new DriverException(
            "consume-from timestamp must be yyyyMMddHHmmss (got '" + timestamp + "')");
      }
    } else {
      consumeFrom = choice(ConsumeFrom.class, "consume-from", consumeFromValue);
      if (consumeFrom == ConsumeFrom.TIMESTAMP) {
        throw new DriverException("consume-from timestamp needs a time: timestamp:yyyyMMddHHmmss");
      }
    }
    String filterType = text(options, "filter-type", "TAG").toUpperCase(Locale.ROOT);
    if (!filterType.equals("TAG") && !filterType.equals("SQL92")) {
      throw new DriverException("filter-type must be TAG or SQL92 (got '" + filterType + "')");
    }
    int batchSize = (int) OptionValues.wholeNumber(options, "batch", 1, 1, 1_024);
    SendMode sendMode = choice(SendMode.class, "send-mode", text(options, "send-mode", "async"));
    int delayLevel = (int) OptionValues.wholeNumber(options, "delay-level", 0, 0, 18);
    if (batchSize > 1 && sendMode == SendMode.ONEWAY) {
      throw new DriverException("batch send needs send-mode async or sync, not oneway");
    }
    if (batchSize > 1 && delayLevel > 0) {
      throw new DriverException(
          "RocketMQ does not batch delayed messages: drop batch or delay-level");
    }
    String accessKey = options.get("access-key");
    String secretKey = options.get("secret-key");
    if ((accessKey == null) != (secretKey == null)) {
      throw new DriverException("give both access-key and secret-key, or neither");
    }
    return new RocketMqConfig(
        blankToNull(options.get("name-server")),
        sendMode,
        text(options, "producer-group", "brokerbench_producer"),
        blankToNull(options.get("consumer-group")),
        blankToNull(options.get("tag")),
        OptionValues.flag(options, "keys"),
        delayLevel,
        Duration.ofMillis(OptionValues.wholeNumber(options, "send-timeout-ms", 3_000, 1, 600_000)),
        (int) OptionValues.wholeNumber(options, "retries", 2, 0, 100),
        choice(ConsumeMode.class, "consume-mode", text(options, "consume-mode", "concurrent")),
        consumeFrom,
        timestamp,
        text(options, "filter", "*"),
        filterType.equals("SQL92"),
        (int) OptionValues.wholeNumber(options, "consume-threads", 20, 1, 1_000),
        (int) OptionValues.wholeNumber(options, "queues-per-topic", 8, 1, 1_024),
        choice(TopicSetup.class, "topic-setup", text(options, "topic-setup", "create")),
        accessKey,
        secretKey,
        OptionValues.flag(options, "embedded-sync-flush"),
        batchSize,
        Duration.ofMillis(OptionValues.wholeNumber(options, "batch-linger-ms", 1, 0, 60_000)),
        choice(
            HeaderEncoding.class, "header-encoding", text(options, "header-encoding", "rocketmq")));
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

  private static String text(Map<String, String> options, String name, String defaultValue) {
    String value = options.get(name);
    return value == null || value.isBlank() ? defaultValue : value.trim();
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value.trim();
  }

  private static <E extends Enum<E>> E choice(Class<E> type, String name, String value)
      throws DriverException {
    for (E e : type.getEnumConstants()) {
      if (e.name().equalsIgnoreCase(value.replace('-', '_'))) {
        return e;
      }
    }
    StringBuilder allowed = new StringBuilder();
    for (E e : type.getEnumConstants()) {
      allowed
          .append(allowed.length() == 0 ? "" : ", ")
          .append(e.name().toLowerCase(Locale.ROOT).replace('_', '-'));
    }
    throw new DriverException(name + " must be one of " + allowed + " (got '" + value + "')");
  }
}
