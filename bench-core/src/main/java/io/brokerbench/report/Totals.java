package io.brokerbench.report;

/**
 * Counts and rates of a run. Sent, confirmed and received, the rates, the CPU and the durations
 * cover the measured part (after the warm-up); the counts of what went wrong (rejected through
 * skippedSends) cover the whole run, warm-up included, so a warm-up hides no failure.
 *
 * @param sendSeconds from the end of the warm-up until producers stopped
 * @param receiveSeconds from the end of the warm-up until the last message was received
 * @param sent messages sent
 * @param confirmed messages the broker accepted
 * @param rejected messages the broker refused (AMQP 0.9.1 nack, AMQP 1.0 rejected)
 * @param released AMQP 1.0 released outcomes
 * @param modified AMQP 1.0 modified outcomes
 * @param failed sends that failed in the client or with a broker error
 * @param retried attempts the driver made again after a failed one (a message sent three times
 *     counts two); each message's final outcome is counted once above
 * @param returned messages returned unroutable
 * @param unconfirmed messages sent and never settled by the end of the run
 * @param skippedSends intended sends skipped by the catch-up policy
 * @param received messages received, duplicates included
 * @param sentPerSecond average send rate
 * @param confirmedPerSecond average confirm rate
 * @param receivedPerSecond average receive rate
 * @param cpuSeconds client process CPU time (user + system) over the measured part
 * @param cpuMicrosPerMessage client CPU per message moved (the larger of sent and received)
 * @param peakRssBytes largest resident set size sampled, or -1 if unknown
 */
public record Totals(
    double sendSeconds,
    double receiveSeconds,
    long sent,
    long confirmed,
    long rejected,
    long released,
    long modified,
    long failed,
    long retried,
    long returned,
    long unconfirmed,
    long skippedSends,
    long received,
    double sentPerSecond,
    double confirmedPerSecond,
    double receivedPerSecond,
    double cpuSeconds,
    double cpuMicrosPerMessage,
    long peakRssBytes) {}
