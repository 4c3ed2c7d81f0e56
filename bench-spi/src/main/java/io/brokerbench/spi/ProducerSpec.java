package io.brokerbench.spi;

import java.util.Objects;

/**
 * What one producer sends.
 *
 * @param producerIndex 0-based index of this producer in the run
 * @param destination the destination it sends to
 * @param inFlightWindow the most messages the core keeps unconfirmed; 0 means the workload does not
 *     ask for confirms, and the driver confirms each message as soon as it is handed to the client
 * @param persistent true to ask the broker to store messages durably
 * @param bodyBytes the body size of every message
 */
public record ProducerSpec(
    int producerIndex, String destination, int inFlightWindow, boolean persistent, int bodyBytes) {

  /** Checks the values. */
  public ProducerSpec {
    Objects.requireNonNull(destination, "destination");
    if (inFlightWindow < 0) {
      throw new IllegalArgumentException("inFlightWindow must be >= 0");
    }
  }

  /** True when the workload waits for the broker to confirm each message. */
  public boolean confirms() {
    return inFlightWindow > 0;
  }
}
