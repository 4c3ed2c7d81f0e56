package io.brokerbench.spi;

import java.util.List;

/**
 * An open connection to one broker (or cluster) for one run. Created by {@link
 * DriverProvider#open}; all methods here are set-up or tear-down and may block. They are called
 * from the runner's control thread, never concurrently with each other.
 */
public interface Driver extends AutoCloseable {

  /** What this driver is connected to, for the report. Never contains a password. */
  DriverDescription description();

  /**
   * Makes sure the destinations exist (declaring them, or checking predeclared ones).
   *
   * @throws DriverException when a destination cannot be declared or is missing, naming it
   */
  void declare(List<DestinationSpec> destinations) throws DriverException;

  /**
   * Creates a producer. The listener is called from the driver's I/O threads for every message the
   * producer sent, once the broker settled it (or at once when the producer does not ask for
   * confirms).
   */
  Producer createProducer(ProducerSpec spec, SendListener listener) throws DriverException;

  /**
   * Creates a consumer and starts consuming. The listener is called from the driver's delivery
   * threads; calls for one consumer never overlap (a driver whose client delivers on several
   * threads at once serializes the calls).
   */
  Consumer createConsumer(ConsumerSpec spec, DeliveryListener listener) throws DriverException;

  /**
   * Messages ready in a destination now, as the broker counts them (a queue's depth), so that at
   * the end of a run messages still queued are told apart from lost ones. Called after the drain,
   * before {@link #cleanup}; must not block longer than the driver's connect timeout.
   *
   * @param destination a destination name as given to {@link #declare}
   * @return the count, or -1 when the driver cannot ask the broker (the default)
   * @throws DriverException when asking failed
   */
  default long messagesWaiting(String destination) throws DriverException {
    return -1;
  }

  /** Deletes what {@link #declare} created, where the driver declared it and the user asked. */
  void cleanup() throws DriverException;

  /** Closes every connection and stops anything the driver started. Idempotent. */
  @Override
  void close() throws DriverException;
}
