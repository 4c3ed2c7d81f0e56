package io.brokerbench.contract;

/**
 * A broker that integration tests can start in a container when no other broker answers: the hook
 * through which an adapter module plugs in Testcontainers, so that bench-core does not depend on
 * it. {@link TestBrokerSelection} calls it from the test thread that first needs a broker.
 */
public interface BrokerContainer {
  /** The image, as the report names it, such as {@code rabbitmq:3.10}. */
  String image();

  /**
   * True when a container engine answers. Asked only when no other broker does: without an engine
   * the answer takes a few tenths of a second.
   */
  boolean engineAvailable();

  /**
   * Starts the container and returns the URI the tests connect to, in the form the environment
   * variable takes. Called at most once per selection; the container lives until the JVM exits.
   *
   * @throws Exception when the container does not start
   */
  String start() throws Exception;
}
