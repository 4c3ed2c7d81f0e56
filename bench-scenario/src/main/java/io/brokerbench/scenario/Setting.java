package io.brokerbench.scenario;

/**
 * One {@code name: value} pair of a scenario file, kept as text so that it is parsed by the same
 * rules (and with the same error messages) as the command line's.
 *
 * @param name a workload option or driver option name
 * @param text the value as written (lists joined with commas)
 * @param position where it was written
 */
public record Setting(String name, String text, Position position) {}
