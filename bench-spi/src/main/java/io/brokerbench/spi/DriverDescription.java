package io.brokerbench.spi;

import java.util.Objects;

/**
 * What a driver is connected to, for the report.
 *
 * @param driver the provider's short name
 * @param target where the load goes, with any password masked, such as {@code
 *     amqp://guest:****@127.0.0.1:5672/}
 * @param embedded true when the broker runs inside this process and so shares its CPU
 * @param headerStamp true when the driver can carry the stamp in a header when the body is too
 *     small for it
 * @param clientLibrary the client library and version, such as {@code amqp-client 5.25.0}
 * @param broker what the broker reported itself to be
 */
public record DriverDescription(
    String driver,
    String target,
    boolean embedded,
    boolean headerStamp,
    String clientLibrary,
    BrokerIdentity broker) {

  /** Checks the names are present. */
  public DriverDescription {
    Objects.requireNonNull(driver, "driver");
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(clientLibrary, "clientLibrary");
    Objects.requireNonNull(broker, "broker");
  }
}
