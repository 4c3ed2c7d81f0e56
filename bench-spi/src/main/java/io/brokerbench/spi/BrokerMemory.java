package io.brokerbench.spi;

/**
 * The memory a broker uses, as the broker reports it, summed over its nodes.
 *
 * @param bytes memory in use
 * @param source where the figure came from, for the report, such as {@code management API at
 *     http://127.0.0.1:15672 (mem_used)}; never contains a password
 */
public record BrokerMemory(long bytes, String source) {}
