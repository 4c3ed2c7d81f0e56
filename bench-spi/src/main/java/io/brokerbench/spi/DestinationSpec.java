package io.brokerbench.spi;

import java.util.Objects;

/**
 * A queue or topic the workload uses.
 *
 * @param name the destination's name as the user gave it (or as expanded from a pattern)
 * @param durable true when the destination must survive a broker restart (persistent workloads)
 */
public record DestinationSpec(String name, boolean durable) {

  /** Checks the name. */
  public DestinationSpec {
    Objects.requireNonNull(name, "name");
  }
}
