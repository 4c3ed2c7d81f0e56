package io.brokerbench.report;

/**
 * Where and against what the run happened.
 *
 * @param driver driver short name
 * @param target broker address, password masked
 * @param embedded true when the broker ran in this process (figures are smoke figures: broker and
 *     generator share the CPU)
 * @param clientLibrary broker client library and version
 * @param stampLocation {@code body} or {@code header}: where the 12-byte stamp travelled
 * @param startTime when sending started, ISO-8601
 * @param host host name
 * @param os operating system name and version
 * @param java Java runtime version
 * @param cores processors available to the JVM
 * @param brokerbenchVersion version of brokerbench
 */
public record Environment(
    String driver,
    String target,
    boolean embedded,
    String clientLibrary,
    String stampLocation,
    String startTime,
    String host,
    String os,
    String java,
    int cores,
    String brokerbenchVersion) {}
