package io.brokerbench.result;

/**
 * Something the reader of a result must know, with a code a script can test.
 *
 * @param code what kind of warning, one of the constants here ({@code LOSS}, {@code DUPLICATES}, …)
 * @param message one line for people, starting with the code where the code is a verdict
 */
public record Warning(String code, String message) {
  /** Messages the broker accepted were never received. */
  public static final String LOSS = "LOSS";

  /** Producers or consumers lost their connection and rode through ({@code reconnect}). */
  public static final String CONNECTION_LOSS = "CONNECTION_LOSS";

  /** Messages were not received but the broker still holds them: a backlog, not a loss. */
  public static final String STILL_QUEUED = "STILL_QUEUED";

  /**
   * Messages counted as lost may still be in the broker: it could not be asked how many it holds
   * (it was down or unreachable at the end of the run).
   */
  public static final String DEPTH_UNKNOWN = "DEPTH_UNKNOWN";

  /** Messages were received more than once without a redelivery flag. */
  public static final String DUPLICATES = "DUPLICATES";

  /** Messages were received that no producer of the run sent. */
  public static final String FOREIGN = "FOREIGN";

  /**
   * A destination had consumers not of this run when it started: they take a share of its messages,
   * which the run counts as lost.
   */
  public static final String FOREIGN_CONSUMERS = "FOREIGN_CONSUMERS";

  /** Messages were sent and never settled by the broker. */
  public static final String UNCONFIRMED = "UNCONFIRMED";

  /** The broker did not take some messages (refused, returned, failed). */
  public static final String NOT_ACCEPTED = "NOT_ACCEPTED";

  /** Out-of-order arrivals, expected when consumers compete for one queue. */
  public static final String COMPETING_CONSUMERS = "COMPETING_CONSUMERS";

  /**
   * Out-of-order arrivals, expected when the broker orders messages only within parts of a
   * destination (RocketMQ's queues of a topic).
   */
  public static final String PARTIAL_ORDER = "PARTIAL_ORDER";

  /** Latencies below zero: the clocks of producer and consumer disagree. */
  public static final String NEGATIVE_LATENCY = "NEGATIVE_LATENCY";

  /** The broker ran in this process. */
  public static final String EMBEDDED_BROKER = "EMBEDDED_BROKER";

  /** The stamp travelled in a header because the body was too small. */
  public static final String HEADER_STAMP = "HEADER_STAMP";

  /**
   * Shards ran on several hosts whose clocks may be further apart than the latencies measured
   * between them.
   */
  public static final String CLOCK_UNCERTAINTY = "CLOCK_UNCERTAINTY";

  /**
   * A result merged from fewer shards than the run had: what the missing shards were to send is not
   * in it, and what their consumers were to receive counts as lost.
   */
  public static final String MISSING_SHARDS = "MISSING_SHARDS";

  /** The broker blocked publishers (a memory or disk alarm) during the run. */
  public static final String FLOW_CONTROL = "FLOW_CONTROL";

  /** Requests of a request-reply run went unanswered, or replies came late, twice or unasked. */
  public static final String REQUEST_REPLY = "REQUEST_REPLY";

  /** Idle connections of a many-connections run failed to open. */
  public static final String CONNECTIONS = "CONNECTIONS";

  /** Sends the schedule intended never left: the run ended or stopped before they could. */
  public static final String UNSENT = "UNSENT";

  /** The user interrupted the run before it sent anything: it has no figures. */
  public static final String NOT_STARTED = "NOT_STARTED";

  /**
   * The generator's own stalls (GC, a starved CPU) covered enough of the run to make the latency
   * tail partly the generator's, not the broker's.
   */
  public static final String GENERATOR_PAUSED = "GENERATOR_PAUSED";

  /**
   * The consumers fell behind the producers while they sent: the latencies include the time in a
   * queue that grew with the run.
   */
  public static final String QUEUE_GREW = "QUEUE_GREW";

  /**
   * Sends left late against the schedule, by enough to be a large part of the latency from intended
   * send: the generator (its CPU, its in-flight window) or the broker's back-pressure set the pace.
   */
  public static final String SCHEDULE_SLIP = "SCHEDULE_SLIP";

  /** Scheduled sends waited for the generator's own in-flight window: it set their pace. */
  public static final String WINDOW_FULL = "WINDOW_FULL";

  /** The generator's process used nearly all of the machine's processors through the run. */
  public static final String GENERATOR_CPU = "GENERATOR_CPU";

  /**
   * The measured window was not steady: the received rate or the latency moved between its first
   * and its last third by more than the noise, so its totals average two different states.
   */
  public static final String UNSTEADY = "UNSTEADY";

  /**
   * The broker's own load could not be read (all of the run, or some of its readings): what to
   * enable is in the message.
   */
  public static final String BROKER_LOAD = "BROKER_LOAD";

  /** A report output failed and was stopped. */
  public static final String REPORT_OUTPUT = "REPORT_OUTPUT";

  /** The line printed for people. */
  @Override
  public String toString() {
    return message;
  }
}
