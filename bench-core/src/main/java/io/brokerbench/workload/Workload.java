package io.brokerbench.workload;

import io.brokerbench.spi.AckMode;
import java.time.Duration;
import java.util.Objects;

/**
 * What a run does, independent of the protocol. Immutable and validated on construction; build it
 * with {@link #builder()}:
 *
 * <pre>{@code
 * Workload workload = Workload.builder()
 *     .producers(1).consumers(1)
 *     .destination("bench")
 *     .messageBytes(12)
 *     .rate(RateProfile.fixed(10_000))
 *     .duration(Duration.ofSeconds(30))
 *     .inFlightWindow(192)
 *     .build();
 * }</pre>
 *
 * @param producers number of producers (each on its own thread)
 * @param consumers number of consumers
 * @param destinations the queues or topics; producer i uses destination {@code i % count}
 * @param messageBytes body size of every message
 * @param rate target total send rate over time
 * @param duration how long to send after the warm-up, or null to stop on message counts only
 * @param messagesPerProducer each producer stops after this many messages; 0 for no limit
 * @param messagesPerConsumer each consumer stops after this many messages; 0 for no limit
 * @param warmup time at the start whose results are not counted in the totals
 * @param inFlightWindow most unconfirmed messages per producer; 0 to not wait for confirms
 * @param prefetch consumer prefetch or link credit; 0 for the driver's default
 * @param ackMode how consumers acknowledge
 * @param ackEvery with {@link AckMode#MULTIPLE}, acknowledge every this many deliveries
 * @param persistent ask the broker to store messages durably
 * @param catchUp what producers do with overdue sends
 * @param connectionLoss what producers and consumers do when their connection is lost
 * @param reportInterval length of one reporting interval
 * @param drainTimeout after producers stop, the longest wait without a message arriving (the drain
 *     goes on while messages keep arriving)
 * @param progressTimeout end the run as failed when no message is sent, confirmed or received for
 *     this long (quiver's {@code --timeout}); zero for never
 * @param backlog messages to queue before consumers start, and what producers do then
 * @param requestReply whether producers send requests that consumers answer, and how
 * @param connections idle connections opened before the run and held for its duration
 */
public record Workload(
    int producers,
    int consumers,
    Destinations destinations,
    int messageBytes,
    RateProfile rate,
    Duration duration,
    long messagesPerProducer,
    long messagesPerConsumer,
    Duration warmup,
    int inFlightWindow,
    int prefetch,
    AckMode ackMode,
    int ackEvery,
    boolean persistent,
    CatchUpPolicy catchUp,
    ConnectionLossPolicy connectionLoss,
    Duration reportInterval,
    Duration drainTimeout,
    Duration progressTimeout,
    Backlog backlog,
    RequestReply requestReply,
    Connections connections) {

  /** Largest accepted in-flight window (the confirm bookkeeping is sized to it). */
  public static final int MAX_IN_FLIGHT_WINDOW = 1 << 20;

  /**
   * The shortest sending time that gets the default warm-up: the first second of a fresh process
   * (the JIT compiling the send and receive paths, connections settling) has a tail tens of times
   * the steady one, which would set a run's p99; a shorter run is a smoke test and keeps it all.
   */
  public static final Duration DEFAULT_WARMUP_FROM = Duration.ofSeconds(10);

  /** Largest accepted message body. */
  public static final int MAX_MESSAGE_BYTES = 64 << 20;

  /** Validates every setting. */
  public Workload {
    Objects.requireNonNull(destinations, "destinations");
    Objects.requireNonNull(rate, "rate");
    Objects.requireNonNull(warmup, "warmup");
    Objects.requireNonNull(ackMode, "ackMode");
    Objects.requireNonNull(catchUp, "catchUp");
    Objects.requireNonNull(connectionLoss, "connectionLoss");
    Objects.requireNonNull(reportInterval, "reportInterval");
    Objects.requireNonNull(drainTimeout, "drainTimeout");
    Objects.requireNonNull(progressTimeout, "progressTimeout");
    Objects.requireNonNull(backlog, "backlog");
    Objects.requireNonNull(requestReply, "requestReply");
    Objects.requireNonNull(connections, "connections");
    atLeast("producers", producers, 0);
    atLeast("consumers", consumers, 0);
    if (producers + consumers == 0 && !connections.enabled()) {
      throw new WorkloadException(
          "a run needs at least one producer or one consumer, or idle connections (--connections)");
    }
    if (messageBytes < 1 || messageBytes > MAX_MESSAGE_BYTES) {
      throw new WorkloadException(
          "message size must be between 1 and "
              + MAX_MESSAGE_BYTES
              + " bytes (got "
              + messageBytes
              + ")");
    }
    if (duration != null && !positive(duration)) {
      throw new WorkloadException("duration must be > 0 (got " + duration + ")");
    }
    if (messagesPerProducer < 0 || messagesPerConsumer < 0) {
      throw new WorkloadException("message counts must be >= 0 (0 means no limit)");
    }
    boolean producersEnd =
        producers == 0 || messagesPerProducer > 0 || backlog.producersStop() && backlog.enabled();
    boolean consumersEnd = consumers == 0 || messagesPerConsumer > 0 || producers > 0;
    if (duration == null && !(producersEnd && consumersEnd)) {
      throw new WorkloadException(
          "a run must end: give a duration (--duration) or a message count (--pmessages)");
    }
    if (warmup.isNegative()) {
      throw new WorkloadException("warm-up must be >= 0 (got " + warmup + ")");
    }
    if (inFlightWindow < 0 || inFlightWindow > MAX_IN_FLIGHT_WINDOW) {
      throw new WorkloadException(
          "in-flight window must be between 0 (no confirms) and "
              + MAX_IN_FLIGHT_WINDOW
              + " (got "
              + inFlightWindow
              + ")");
    }
    atLeast("prefetch", prefetch, 0);
    if (ackMode == AckMode.MULTIPLE && ackEvery < 1) {
      throw new WorkloadException(
          "ack-every must be >= 1 with multiple acks (got " + ackEvery + ")");
    }
    if (reportInterval.toMillis() < 100) {
      throw new WorkloadException(
          "report interval must be at least 100 ms (got " + reportInterval.toMillis() + " ms)");
    }
    for (RateStep step : rate.steps()) {
      // Each step's results are made of whole intervals, so a step must end where one does.
      if (step.duration() != null && step.duration().toNanos() % reportInterval.toNanos() != 0) {
        throw new WorkloadException(
            "rate step duration "
                + step.duration().toMillis()
                + " ms is not a whole number of reporting intervals ("
                + reportInterval.toMillis()
                + " ms): change --step-duration or --interval");
      }
    }
    if (drainTimeout.isNegative()) {
      throw new WorkloadException("drain timeout must be >= 0 (got " + drainTimeout + ")");
    }
    if (backlog.enabled() && (producers == 0 || consumers == 0)) {
      throw new WorkloadException(
          "a backlog needs producers to build it and consumers to drain it (got "
              + producers
              + " producer(s), "
              + consumers
              + " consumer(s))");
    }
    if (requestReply.enabled() && (producers == 0 || consumers == 0)) {
      throw new WorkloadException(
          "a request-reply run needs requesters (--producers) and repliers (--consumers) to"
              + " answer them (got "
              + producers
              + " producer(s), "
              + consumers
              + " consumer(s))");
    }
    if (requestReply.enabled() && backlog.enabled()) {
      throw new WorkloadException("a request-reply run has no backlog: leave out --backlog");
    }
    if (connections.enabled() && duration == null) {
      throw new WorkloadException(
          "a run with idle connections holds them for its duration: give --duration");
    }
    if (connections.sending() && requestReply.enabled()) {
      throw new WorkloadException(
          "held connections send plain messages, not requests: leave out --connection-send-rate"
              + " or --request-reply");
    }
    if (connections.sending() && connectionLoss == ConnectionLossPolicy.RECONNECT) {
      throw new WorkloadException(
          "held connections are not opened again once lost: with --connection-send-rate use"
              + " --on-connection-loss fail");
    }
    if (progressTimeout.isNegative()) {
      throw new WorkloadException(
          "progress timeout must be >= 0, 0 for none (got " + progressTimeout + ")");
    }
  }

  private static void atLeast(String name, long value, long min) {
    if (value < min) {
      throw new WorkloadException(name + " must be >= " + min + " (got " + value + ")");
    }
  }

  private static boolean positive(Duration d) {
    return !d.isNegative() && !d.isZero();
  }

  /**
   * A builder with PerfTest-like defaults: 1 producer, 1 consumer, 12-byte messages, 10 s (the
   * defaults of the {@link WorkloadOption}s). A {@link WorkloadSpec} builds workloads from option
   * values as text and layers them.
   */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder starting from this workload's values. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * The most messages each producer sends: its own count, and with a backlog after which producers
   * stop, its share of the backlog (rounded up); 0 for no limit.
   */
  public long producerLimit() {
    if (!backlog.producersStop() || !backlog.enabled()) {
      return messagesPerProducer;
    }
    long share = (backlog.messages() + producers - 1) / producers;
    return messagesPerProducer == 0 ? share : Math.min(messagesPerProducer, share);
  }

  /**
   * Most messages a producer has awaiting an answer: its in-flight window, or in a request-reply
   * run without one, {@value RequestReply#DEFAULT_OUTSTANDING} requests; 0 for none.
   */
  public int outstandingLimit() {
    return requestReply.enabled() && inFlightWindow == 0
        ? RequestReply.DEFAULT_OUTSTANDING
        : inFlightWindow;
  }

  /** Builds a {@link Workload}; every setter returns the builder. */
  public static final class Builder {
    // Defaults are the workload options' own, so the builder, the command line's help and a
    // scenario file cannot disagree.
    private int producers = WorkloadOption.PRODUCERS.defaultValue();
    private int consumers = WorkloadOption.CONSUMERS.defaultValue();
    // Null until named: build() then draws a queue of the workload's own.
    private Destinations destinations;
    private int messageBytes = WorkloadOption.SIZE.defaultValue();
    private RateProfile rate = RateProfile.fixed(WorkloadOption.RATE.defaultValue());
    private Duration duration;
    private long messagesPerProducer;
    private long messagesPerConsumer;
    // Null until given: build() then decides by the run's length.
    private Duration warmup;
    private int inFlightWindow = WorkloadOption.IN_FLIGHT.defaultValue();
    private int prefetch = WorkloadOption.PREFETCH.defaultValue();
    private AckMode ackMode = AckMode.EACH;
    private int ackEvery = 1;
    private boolean persistent = WorkloadOption.DURABLE.defaultValue();
    private CatchUpPolicy catchUp = WorkloadOption.CATCH_UP.defaultValue();
    private ConnectionLossPolicy connectionLoss = WorkloadOption.ON_CONNECTION_LOSS.defaultValue();
    private Duration reportInterval = WorkloadOption.INTERVAL.defaultValue();
    private Duration drainTimeout = WorkloadOption.DRAIN_TIMEOUT.defaultValue();
    private Duration progressTimeout = WorkloadOption.TIMEOUT.defaultValue();
    private Backlog backlog = Backlog.NONE;
    private RequestReply requestReply = RequestReply.OFF;
    private Connections connections = Connections.NONE;

    private Builder() {}

    private Builder(Workload w) {
      producers = w.producers;
      consumers = w.consumers;
      destinations = w.destinations;
      messageBytes = w.messageBytes;
      rate = w.rate;
      duration = w.duration;
      messagesPerProducer = w.messagesPerProducer;
      messagesPerConsumer = w.messagesPerConsumer;
      warmup = w.warmup;
      inFlightWindow = w.inFlightWindow;
      prefetch = w.prefetch;
      ackMode = w.ackMode;
      ackEvery = w.ackEvery;
      persistent = w.persistent;
      catchUp = w.catchUp;
      connectionLoss = w.connectionLoss;
      reportInterval = w.reportInterval;
      drainTimeout = w.drainTimeout;
      progressTimeout = w.progressTimeout;
      backlog = w.backlog;
      requestReply = w.requestReply;
      connections = w.connections;
    }

    /** Number of producers. */
    public Builder producers(int producers) {
      this.producers = producers;
      return this;
    }

    /** Number of consumers. */
    public Builder consumers(int consumers) {
      this.consumers = consumers;
      return this;
    }

    /**
     * One destination. Without one (or {@link #destinations}), the workload gets a queue of its
     * own, {@code brokerbench-<run id>} with a {@linkplain RunId#random random id} drawn by {@link
     * #build()}: every run of that workload (and every {@link Shard} of it) uses that queue, and no
     * other workload does.
     */
    public Builder destination(String name) {
      this.destinations = Destinations.single(name);
      return this;
    }

    /** Several destinations; null for a queue of the workload's own ({@link #destination}). */
    public Builder destinations(Destinations destinations) {
      this.destinations = destinations;
      return this;
    }

    /** Body size in bytes. */
    public Builder messageBytes(int messageBytes) {
      this.messageBytes = messageBytes;
      return this;
    }

    /** Total target rate profile. */
    public Builder rate(RateProfile rate) {
      this.rate = rate;
      return this;
    }

    /** Fixed total target rate in messages per second. */
    public Builder rate(double messagesPerSecond) {
      return rate(RateProfile.fixed(messagesPerSecond));
    }

    /**
     * How long to send after the warm-up; null (the default) for "not given": then a stepped rate
     * profile's total length when the steps all have one, else no duration when a message count
     * ends the run (messages per producer, or per consumer without producers), else 10 s. (Null
     * used to mean "end on message counts only", which failed without a count.)
     */
    public Builder duration(Duration duration) {
      this.duration = duration;
      return this;
    }

    /** Messages per producer (PerfTest's {@code --pmessages}); 0 for no limit. */
    public Builder messagesPerProducer(long count) {
      this.messagesPerProducer = count;
      return this;
    }

    /** Messages per consumer (PerfTest's {@code --cmessages}); 0 for no limit. */
    public Builder messagesPerConsumer(long count) {
      this.messagesPerConsumer = count;
      return this;
    }

    /**
     * Warm-up time excluded from the totals; null (the default) for the default of {@link
     * WorkloadOption#WARMUP} on a run that sends for {@link #DEFAULT_WARMUP_FROM} or longer and
     * ends on its time, none on a shorter one, one with a message count or a backlog.
     */
    public Builder warmup(Duration warmup) {
      this.warmup = warmup;
      return this;
    }

    /** Most unconfirmed messages per producer; 0 for no confirms. */
    public Builder inFlightWindow(int window) {
      this.inFlightWindow = window;
      return this;
    }

    /** Consumer prefetch or credit; 0 for the driver's default. */
    public Builder prefetch(int prefetch) {
      this.prefetch = prefetch;
      return this;
    }

    /** Acknowledgement mode; {@code ackEvery} applies to {@link AckMode#MULTIPLE}. */
    public Builder ack(AckMode mode, int ackEvery) {
      this.ackMode = mode;
      this.ackEvery = ackEvery;
      return this;
    }

    /** Persistent (durable) messages. */
    public Builder persistent(boolean persistent) {
      this.persistent = persistent;
      return this;
    }

    /** What producers do with overdue sends. */
    public Builder catchUp(CatchUpPolicy catchUp) {
      this.catchUp = catchUp;
      return this;
    }

    /** What producers and consumers do when their connection is lost. */
    public Builder connectionLoss(ConnectionLossPolicy connectionLoss) {
      this.connectionLoss = connectionLoss;
      return this;
    }

    /** Reporting interval. */
    public Builder reportInterval(Duration interval) {
      this.reportInterval = interval;
      return this;
    }

    /** Longest wait for consumers after producers stop. */
    public Builder drainTimeout(Duration drainTimeout) {
      this.drainTimeout = drainTimeout;
      return this;
    }

    /** Ends the run as failed after this long without any message sent, confirmed or received. */
    public Builder progressTimeout(Duration progressTimeout) {
      this.progressTimeout = progressTimeout;
      return this;
    }

    /** Messages to queue before consumers start, and whether producers stop then. */
    public Builder backlog(Backlog backlog) {
      this.backlog = backlog;
      return this;
    }

    /** Request-reply: producers send requests, consumers answer them. */
    public Builder requestReply(RequestReply requestReply) {
      this.requestReply = requestReply;
      return this;
    }

    /** Idle connections opened before the run and held for its duration; none by default. */
    public Builder connections(Connections connections) {
      this.connections = connections;
      return this;
    }

    /**
     * Builds and validates the workload.
     *
     * @throws WorkloadException naming the first invalid setting
     */
    public Workload build() {
      Duration effective = duration;
      if (effective == null) {
        boolean endsOnCount =
            messagesPerProducer > 0
                || producers == 0 && messagesPerConsumer > 0
                || backlog.producersStop() && backlog.enabled();
        if (rate.totalDuration() != null) {
          effective = rate.totalDuration();
        } else if (!endsOnCount) {
          effective = WorkloadOption.DURATION.defaultValue();
        }
      }
      Duration effectiveWarmup = warmup;
      if (effectiveWarmup == null) {
        // A count or a backlog decides what the run measures; its time is only a bound.
        boolean endsOnTime =
            messagesPerProducer == 0 && messagesPerConsumer == 0 && !backlog.enabled();
        effectiveWarmup =
            endsOnTime && effective != null && effective.compareTo(DEFAULT_WARMUP_FROM) >= 0
                ? WorkloadOption.WARMUP.defaultValue()
                : Duration.ZERO;
      }
      return new Workload(
          producers,
          consumers,
          destinations != null
              ? destinations
              : Destinations.single(RunId.defaultQueue(RunId.random())),
          messageBytes,
          rate,
          effective,
          messagesPerProducer,
          messagesPerConsumer,
          effectiveWarmup,
          inFlightWindow,
          prefetch,
          ackMode,
          ackEvery,
          persistent,
          catchUp,
          connectionLoss,
          reportInterval,
          drainTimeout,
          progressTimeout,
          backlog,
          requestReply,
          connections);
    }
  }
}
