package io.brokerbench.scenario;

/**
 * Runs the workload at one target rate and measures it: the max-rate search's only contact with a
 * broker, so that the search can be tested against a simulated one.
 */
@FunctionalInterface
public interface RateProbe {

  /**
   * Runs one probe; blocks for its length. A run that fails is answered with {@link
   * ProbeMeasurement#failed}, not thrown.
   *
   * @throws InterruptedException when the search is interrupted
   */
  ProbeMeasurement probe(double targetPerSecond) throws InterruptedException;
}
