package io.brokerbench.latency;

/** The latencies a run records; each has its own histogram. */
public enum LatencyKind {
  /** Publish to consume, from the intended send time (corrected for coordinated omission). */
  END_TO_END("e2e", "end-to-end latency from intended send"),
  /** Publish to consume, from the actual send time (what closed-loop tools report). */
  END_TO_END_FROM_SEND("e2e_send", "end-to-end latency from actual send"),
  /**
   * {@link #END_TO_END} of the messages whose producer ran on the consumer's host, in a coordinated
   * run of shards on several hosts: timed on one clock, a check on the figures that crossed hosts,
   * which may be off by the two clocks' errors.
   */
  END_TO_END_ONE_HOST("e2e_one_host", "end-to-end latency of pairs on one host"),
  /** Publish to broker confirm (settlement, send callback), from the intended send time. */
  CONFIRM("confirm", "confirm latency from intended send"),
  /** Publish to broker confirm, from the actual send time. */
  CONFIRM_FROM_SEND("confirm_send", "confirm latency from actual send"),
  /** Actual minus intended send time: how far behind its schedule the generator ran. */
  SCHEDULE_SLIP("slip", "schedule slip"),
  /** Broker store time to consume, where the broker reports a store time (RocketMQ S2C). */
  STORE_TO_CONSUME("s2c", "store-to-consume latency"),
  /**
   * End-to-end latency from the intended send time of the messages received while consumers drain a
   * backlog: their age when they reach the consumer.
   */
  BACKLOG_AGE("backlog_age", "age while draining the backlog"),
  /** Request to its reply back at the requester, from the request's intended send time. */
  ROUND_TRIP("rtt", "round trip from intended send"),
  /** Request to its reply, from the request's actual send time. */
  ROUND_TRIP_FROM_SEND("rtt_send", "round trip from actual send"),
  /**
   * Sends the schedule intended that never left (the broker stopped taking messages, the run failed
   * or was stopped): how late each was when the run ended. One value per unsent message.
   */
  UNSENT("unsent", "lateness of intended sends never sent"),
  /**
   * An idle connection's opening, channels included, from its intended start at the opening rate
   * (an opener late for its turn adds its lateness). One value per opened connection.
   */
  CONNECT("connect", "connection open from intended time"),
  /** An idle connection's opening, channels included, from when an opener started it. */
  CONNECT_FROM_START("connect_start", "connection open from its start"),
  /**
   * The generator's own stalls (GC, safepoints, a starved CPU), as jHiccup measures them: how much
   * later than asked a thread sleeping {@link #PAUSE_TICK_NANOS} at a time woke. One value per
   * tick.
   */
  PAUSE("pause", "generator's own stalls (per 10 ms tick)");

  /**
   * The tick of {@link #PAUSE}: how long its thread asks to sleep, so one value per tick. jHiccup
   * ticks every millisecond; on a virtual machine a wake-up costs 60-110 µs of CPU (5-10 % of a
   * core at 1 ms), at 10 ms about 1 %, and stalls long enough to move a tail are still seen.
   */
  public static final long PAUSE_TICK_NANOS = 10_000_000;

  private final String key;
  private final String label;

  LatencyKind(String key, String label) {
    this.key = key;
    this.label = label;
  }

  /** Short key used in JSON, CSV columns, Prometheus names and interval-log tags. */
  public String key() {
    return key;
  }

  /** Human-readable label. */
  public String label() {
    return label;
  }
}
