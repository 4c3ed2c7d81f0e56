package io.brokerbench.junit;

import io.brokerbench.spi.TargetOption;

/**
 * Broker containers for the broker choice's last resort before an embedded broker: available when
 * the test classpath has Testcontainers and a Docker engine answers.
 */
interface BrokerContainers {
  /**
   * Why no container can be started here.
   *
   * @return the reason, or {@code null} when containers can be started
   */
  String unavailable();

  /**
   * Starts a container of the target's image, or returns the one this JVM already started.
   *
   * @param target the driver's target, whose {@link TargetOption#containerImage()} is not null
   * @return the driver option's value naming the container's broker
   */
  String start(TargetOption target);

  /** Testcontainers when the test classpath has it, else a source that says it is missing. */
  static BrokerContainers onThisMachine() {
    try {
      Class.forName(
          "org.testcontainers.DockerClientFactory", false, BrokerContainers.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      return none("org.testcontainers:testcontainers is not on the test classpath");
    }
    return new TestcontainersBrokers();
  }

  /** A source that never starts a container, for {@code reason}. */
  static BrokerContainers none(String reason) {
    return new BrokerContainers() {
      @Override
      public String unavailable() {
        return reason;
      }

      @Override
      public String start(TargetOption target) {
        throw new IllegalStateException(reason);
      }
    };
  }
}
