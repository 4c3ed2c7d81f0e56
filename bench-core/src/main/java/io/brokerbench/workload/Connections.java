package io.brokerbench.workload;

/**
 * A many-connections run (RabbitMQ 4.0's AMQP 1.0 study: 40,000 connections with 2 sessions each):
 * before the run's producers and consumers start, this many idle connections are opened at a
 * controlled rate, each with its channels or sessions; they are held, answering heartbeats, for the
 * run's duration, then closed. With a send rate, each held connection also sends that many messages
 * per second to the workload's first destination, measured like any producer's.
 *
 * @param count idle connections to open; 0 for none
 * @param channels channels (AMQP 0.9.1) or sessions (AMQP 1.0) on each
 * @param openRate connections opened per second, {@link RateStep#UNLIMITED} for as fast as {@value
 *     #OPENERS} openers go
 * @param sendRate messages per second each held connection sends while held; 0 for none (idle). A
 *     shard with no connection of its own keeps the rate: other shards' connections send.
 */
public record Connections(int count, int channels, double openRate, double sendRate) {
  /** Connections opened at once at most, when the rate allows it. */
  public static final int OPENERS = 8;

  /** No idle connections. */
  public static final Connections NONE = new Connections(0, 1, RateStep.UNLIMITED, 0);

  /** Checks the figures. */
  public Connections {
    if (count < 0) {
      throw new WorkloadException("connections must be >= 0 (got " + count + ")");
    }
    if (channels < 1) {
      throw new WorkloadException(
          "each idle connection needs at least one channel or session (got " + channels + ")");
    }
    if (!(openRate > 0)) {
      throw new WorkloadException(
          "connection rate must be > 0 connections/s, or unlimited (got " + openRate + ")");
    }
    if (!(sendRate >= 0) || Double.isInfinite(sendRate)) {
      throw new WorkloadException(
          "connection send rate must be a number of messages per second per connection, >= 0"
              + " (got "
              + sendRate
              + ")");
    }
  }

  /** Idle connections that send nothing. */
  public Connections(int count, int channels, double openRate) {
    this(count, channels, openRate, 0);
  }

  /** True when connections open as fast as the openers go. */
  public boolean unlimitedRate() {
    return Double.isInfinite(openRate);
  }

  /** True when the run opens idle connections. */
  public boolean enabled() {
    return count > 0;
  }

  /** True when this run's held connections send messages. */
  public boolean sending() {
    return count > 0 && sendRate > 0;
  }

  /** The same connections, {@code share} of them: a shard's part, at its share of the rate. */
  public Connections share(int share) {
    return share == 0
        ? new Connections(0, channels, RateStep.UNLIMITED, sendRate)
        : new Connections(share, channels, openRate * share / count, sendRate);
  }
}
