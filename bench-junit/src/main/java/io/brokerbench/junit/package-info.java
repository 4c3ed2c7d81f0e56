/**
 * brokerbench in JUnit 5 tests: {@link io.brokerbench.junit.BrokerbenchExtension} runs workloads as
 * tests against a broker it chooses (the one an environment variable names, one running on this
 * machine, else the driver's embedded broker) and keeps each test's result files under {@code
 * target/brokerbench}; {@link io.brokerbench.junit.BrokerbenchAssertions} checks results with the
 * same thresholds and the same words as the command line's {@code --assert}.
 */
package io.brokerbench.junit;
