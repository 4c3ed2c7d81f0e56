/**
 * An Apache RocketMQ name server and broker started inside this JVM, for tests and for the rocketmq
 * driver's default when no name server is given. Results measured against it share the machine's
 * CPU with the load generator: smoke figures, not broker benchmarks.
 */
package io.brokerbench.rocketmq.embedded;
