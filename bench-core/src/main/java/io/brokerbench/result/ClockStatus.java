package io.brokerbench.result;

/**
 * How far this host's clock may be off true time, as the kernel's time-keeping status says ({@code
 * adjtimex(2)}, which chrony, ntpd and systemd-timesyncd keep up to date). Latency between hosts (a
 * producer in one shard, a consumer in another) is only as good as the two clocks: a cross-host
 * latency smaller than their combined error says nothing.
 *
 * @param source where the figures come from: {@code adjtimex}, or {@code unknown} where the system
 *     does not expose them (not Linux, or JNA not on the classpath); {@link
 *     io.brokerbench.host.HostProbes#clock()} reads them
 * @param inSync true when the kernel says a time daemon keeps the clock synchronized
 * @param maxErrorMicros the kernel's bound on the clock's error, in microseconds, or -1 when
 *     unknown
 * @param estimatedErrorMicros the kernel's estimate of the clock's error, in microseconds, or -1
 *     when unknown
 */
public record ClockStatus(
    String source, boolean inSync, long maxErrorMicros, long estimatedErrorMicros) {

  /** The status of a clock nothing could be learnt about. */
  public static final ClockStatus UNKNOWN = new ClockStatus("unknown", false, -1, -1);

  /** True when the error bound is known and the clock synchronized. */
  public boolean bounded() {
    return inSync && maxErrorMicros >= 0;
  }

  /** For people: {@code ±2.0 ms}, {@code not synchronized} or {@code unknown}. */
  public String describe() {
    if (bounded()) {
      return String.format(java.util.Locale.ROOT, "±%.1f ms", maxErrorMicros / 1_000.0);
    }
    return equals(UNKNOWN) ? "unknown" : "not synchronized";
  }
}
