package io.brokerbench.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * How a many-connections run's idle connections went: how fast they opened, which failed and why,
 * and what each cost the client and the broker while held. Each connection's open time is the
 * latency kinds {@code connect} (from its intended start at the opening rate) and {@code
 * connect_start} (from when the opener started it).
 *
 * @param target idle connections the workload asked for; 0 for a run without
 * @param channels channels or sessions on each
 * @param opened connections that opened with all their channels
 * @param failed connections that did not
 * @param failures failed connections by cause ({@code refused}, {@code timed_out}, {@code other},
 *     ...)
 * @param firstFailure the first failure's message, or null
 * @param openSeconds from the first open until the last ended
 * @param openPerSecond {@code opened} over {@code openSeconds}
 * @param closeSeconds time to close them all
 * @param clientHeapBytesPerConnection the client's live heap growth while holding them, per opened
 *     connection; -1 when unknown
 * @param clientRssBytesPerConnection the client process's resident memory growth, per opened
 *     connection; -1 when unknown
 * @param clientThreadsBefore the client's live threads before opening
 * @param clientThreadsHeld the client's live threads while holding them
 * @param brokerMemorySource where broker memory was read, or null when the driver cannot read it
 * @param brokerBytesBefore broker memory before opening; -1 when not read
 * @param brokerBytesHeld broker memory once all were open; -1 when not read
 * @param brokerBytesAfter broker memory after closing them; -1 when not read
 * @param brokerBytesPerConnection held minus before, per opened connection; -1 when not read
 * @param brokerMemoryError why the broker's memory could not be read while holding them or after,
 *     or null
 */
public record ConnectionsResult(
    long target,
    int channels,
    long opened,
    long failed,
    Map<String, Long> failures,
    String firstFailure,
    double openSeconds,
    double openPerSecond,
    double closeSeconds,
    long clientHeapBytesPerConnection,
    long clientRssBytesPerConnection,
    int clientThreadsBefore,
    int clientThreadsHeld,
    String brokerMemorySource,
    long brokerBytesBefore,
    long brokerBytesHeld,
    long brokerBytesAfter,
    long brokerBytesPerConnection,
    String brokerMemoryError) {

  /** A run without idle connections. */
  public static final ConnectionsResult NONE =
      new ConnectionsResult(
          0, 0, 0, 0, Map.of(), null, 0, 0, 0, -1, -1, 0, 0, null, -1, -1, -1, -1, null);

  /** Copies the failures, sorted by cause. */
  public ConnectionsResult {
    failures = Map.copyOf(failures == null ? Map.of() : failures);
  }

  /** True when the run opened idle connections. */
  public boolean present() {
    return target > 0;
  }

  /**
   * Bytes per connection: the growth from {@code before} to {@code after} over {@code connections}
   * (0 when memory shrank meanwhile), -1 when a reading is unknown or nothing opened.
   */
  public static long perConnection(long before, long after, long connections) {
    return before < 0 || after < 0 || connections <= 0
        ? -1
        : Math.max(0, after - before) / connections;
  }

  /**
   * The {@link Warning#CONNECTIONS} warnings: connections that failed to open, broker memory not
   * read once they were open.
   */
  public List<Warning> warnings() {
    List<Warning> warnings = new ArrayList<>();
    if (failed > 0) {
      warnings.add(
          new Warning(
              Warning.CONNECTIONS,
              "CONNECTIONS: "
                  + failed
                  + " of "
                  + target
                  + " idle connections failed to open "
                  + new TreeMap<>(failures)
                  + (firstFailure == null ? "" : "; first: " + firstFailure)));
    }
    if (brokerMemoryError != null) {
      warnings.add(
          new Warning(
              Warning.CONNECTIONS,
              "CONNECTIONS: the broker's memory could not be read once the idle connections were"
                  + " open: "
                  + brokerMemoryError));
    }
    return warnings;
  }

  /** How the opening went, for people. */
  public String describeOpening() {
    StringBuilder text =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "%d of %d opened with %d channel(s) or session(s) each in %.1f s (%.0f connections/s),"
                    + " closed in %.1f s",
                opened,
                target,
                channels,
                openSeconds,
                openPerSecond,
                closeSeconds));
    if (failed > 0) {
      text.append(String.format(Locale.ROOT, "; %d failed %s", failed, new TreeMap<>(failures)));
      if (firstFailure != null) {
        text.append(", first: ").append(firstFailure);
      }
    }
    return text.toString();
  }

  /** What each connection cost the client, for people. */
  public String describeClient() {
    return String.format(
        Locale.ROOT,
        "heap %s, RSS %s per connection; threads %d before, %d holding them",
        kib(clientHeapBytesPerConnection),
        kib(clientRssBytesPerConnection),
        clientThreadsBefore,
        clientThreadsHeld);
  }

  /** What each connection cost the broker, for people. */
  public String describeBroker() {
    return brokerMemorySource == null
        ? "not read (the driver cannot ask its broker)"
        : String.format(
                Locale.ROOT,
                "%s per connection (%s before, %s holding them, %s after closing; %s)",
                kib(brokerBytesPerConnection),
                mib(brokerBytesBefore),
                mib(brokerBytesHeld),
                mib(brokerBytesAfter),
                brokerMemorySource)
            + (brokerMemoryError == null ? "" : "; not read later: " + brokerMemoryError);
  }

  private static String kib(long bytes) {
    return bytes < 0 ? "-" : String.format(Locale.ROOT, "%.1f KiB", bytes / 1024.0);
  }

  private static String mib(long bytes) {
    return bytes < 0 ? "-" : String.format(Locale.ROOT, "%.0f MiB", bytes / 1048576.0);
  }

  /** The idle connections of two shards of one run, added. */
  public ConnectionsResult plus(ConnectionsResult other) {
    if (!other.present()) {
      return this;
    }
    if (!present()) {
      return other;
    }
    Map<String, Long> both = new TreeMap<>(failures);
    other.failures.forEach((cause, count) -> both.merge(cause, count, Long::sum));
    long allOpened = opened + other.opened;
    double seconds = Math.max(openSeconds, other.openSeconds);
    // The shards read the same broker: its growth is from the lowest reading before to the highest
    // while all were held.
    long before = minKnown(brokerBytesBefore, other.brokerBytesBefore);
    long held = Math.max(brokerBytesHeld, other.brokerBytesHeld);
    return new ConnectionsResult(
        target + other.target,
        channels,
        allOpened,
        failed + other.failed,
        both,
        firstFailure != null ? firstFailure : other.firstFailure,
        seconds,
        seconds > 0 ? allOpened / seconds : 0,
        Math.max(closeSeconds, other.closeSeconds),
        weighted(
            clientHeapBytesPerConnection, opened, other.clientHeapBytesPerConnection, other.opened),
        weighted(
            clientRssBytesPerConnection, opened, other.clientRssBytesPerConnection, other.opened),
        clientThreadsBefore + other.clientThreadsBefore,
        clientThreadsHeld + other.clientThreadsHeld,
        brokerMemorySource != null ? brokerMemorySource : other.brokerMemorySource,
        before,
        held,
        Math.max(brokerBytesAfter, other.brokerBytesAfter),
        perConnection(before, held, allOpened),
        brokerMemoryError != null ? brokerMemoryError : other.brokerMemoryError);
  }

  private static long minKnown(long a, long b) {
    return a < 0 ? b : b < 0 ? a : Math.min(a, b);
  }

  private static long weighted(long a, long countA, long b, long countB) {
    if (a < 0 || b < 0 || countA + countB == 0) {
      return -1;
    }
    return (a * countA + b * countB) / (countA + countB);
  }
}
