package io.brokerbench.rocketmq.embedded;

import io.brokerbench.rocketmq.embedded.EmbeddedRocketMq.Replication;
import io.brokerbench.rocketmq.embedded.EmbeddedRocketMq.Settings;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;

/**
 * A RocketMQ name server and broker (with a slave when replicating) as a process of its own, for
 * the broker set-ups that {@code scripts/rocketmq.sh} starts: RocketMQ's benchmark compares {async,
 * sync} replication × {async, sync} flush.
 *
 * <pre>
 * java -cp bench-cli/target/bench-cli.jar io.brokerbench.rocketmq.embedded.RocketMqServer \
 *     --namesrv-port 9876 --flush sync --replication async --dir /tmp/rocketmq-store
 * </pre>
 *
 * <p>Prints {@code ready namesrv=127.0.0.1:PORT} once a real send has succeeded, then runs until
 * the process is stopped (SIGTERM: a shutdown hook stops the brokers and the name server). Bad
 * arguments: one line on standard error and exit code 2; a start that fails: exit code 1. The name
 * server listens on the given port; the brokers take free ports. The store directory is kept.
 */
public final class RocketMqServer {
  static final int BAD_ARGUMENTS = 2;
  static final int START_FAILED = 1;
  private static final String USAGE =
      "usage: RocketMqServer --namesrv-port P [--flush async|sync]"
          + " [--replication none|async|sync] [--dir DIR]";

  private RocketMqServer() {}

  /** Starts, prints the ready line and waits until the JVM is stopped. */
  public static void main(String[] args) throws InterruptedException {
    Settings settings;
    try {
      settings = parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("rocketmq-server: " + e.getMessage());
      System.err.println(USAGE);
      System.exit(BAD_ARGUMENTS);
      return;
    }
    EmbeddedRocketMq mq;
    try {
      mq = EmbeddedRocketMq.start(settings);
    } catch (RuntimeException e) {
      System.err.println("rocketmq-server: " + describe(e));
      System.exit(START_FAILED);
      return;
    }
    Runtime.getRuntime().addShutdownHook(new Thread(mq::close, "brokerbench-rocketmq-stop"));
    ready(System.out, mq);
    new CountDownLatch(1).await();
  }

  static void ready(PrintStream out, EmbeddedRocketMq mq) {
    Settings s = mq.settings();
    out.println("ready namesrv=" + mq.nameServerAddress());
    out.flush();
    System.err.println(
        "rocketmq-server: broker "
            + mq.brokerAddress()
            + ", flush "
            + (s.syncFlush() ? "SYNC_FLUSH" : "ASYNC_FLUSH")
            + ", replication "
            + s.replication().name().toLowerCase(Locale.ROOT)
            + ", store "
            + mq.storeDirectory());
  }

  private static String describe(Throwable e) {
    StringBuilder text = new StringBuilder(String.valueOf(e.getMessage()));
    for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
      text.append(": ").append(cause);
    }
    return text.toString();
  }

  /**
   * The settings these arguments ask for.
   *
   * @throws IllegalArgumentException naming the first bad argument
   */
  static Settings parse(String... args) {
    Settings settings = Settings.DEFAULTS.withReadyTimeout(Duration.ofSeconds(90));
    boolean portGiven = false;
    for (int i = 0; i < args.length; i++) {
      String option = args[i];
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException(option + " needs a value");
      }
      String value = args[++i];
      switch (option) {
        case "--namesrv-port" -> {
          settings = settings.withNameServerPort(port(value));
          portGiven = true;
        }
        case "--flush" -> settings = settings.withSyncFlush(choice(option, value, "async", "sync"));
        case "--replication" ->
            settings = settings.withReplication(Replication.valueOf(replication(value)));
        case "--dir" -> settings = settings.withStoreRoot(Path.of(value).toAbsolutePath());
        default -> throw new IllegalArgumentException("unknown option " + option);
      }
    }
    if (!portGiven) {
      throw new IllegalArgumentException("--namesrv-port is required");
    }
    return settings;
  }

  private static int port(String value) {
    try {
      int port = Integer.parseInt(value);
      if (port > 0 && port <= 65_535) {
        return port;
      }
    } catch (NumberFormatException e) {
      // Answered below, as any other bad value.
    }
    throw new IllegalArgumentException(
        "--namesrv-port: a port from 1 to 65535, not '" + value + "'");
  }

  /** True for {@code on}, false for {@code off}; anything else is refused. */
  private static boolean choice(String option, String value, String off, String on) {
    if (value.equals(on)) {
      return true;
    }
    if (value.equals(off)) {
      return false;
    }
    throw new IllegalArgumentException(option + ": " + off + " or " + on + ", not '" + value + "'");
  }

  private static String replication(String value) {
    return switch (value) {
      case "none", "async", "sync" -> value.toUpperCase(Locale.ROOT);
      default ->
          throw new IllegalArgumentException(
              "--replication: none, async or sync, not '" + value + "'");
    };
  }
}
