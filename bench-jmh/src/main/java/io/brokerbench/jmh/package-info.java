/**
 * JMH benchmarks of brokerbench's per-message path, one class per component, and {@link
 * io.brokerbench.jmh.JmhCompare} to compare two JMH JSON results.
 *
 * <p>How to run (after {@code ./mvnw -pl bench-jmh -am package -DskipTests}):
 *
 * <pre>
 * java -jar bench-jmh/target/benchmarks.jar -prof gc            # everything, with allocation
 * java -jar bench-jmh/target/benchmarks.jar CorePath -prof gc   # the whole core path only
 * </pre>
 */
package io.brokerbench.jmh;
