package io.brokerbench.internal.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** Samples this process's CPU time and resident set size. */
public final class ProcessSampler {
  private static final Path STATUS = Path.of("/proc/self/status");

  private static final ProcessHandle SELF = ProcessHandle.current();

  /**
   * CPU time used by the process (user + system), nanoseconds, or -1 if unknown. On Linux the same
   * clock ticks as the management bean's {@code getProcessCpuTime} ({@code times(2)} there, {@code
   * /proc/self/stat} here); the bean's platform MBean set costs some 80 classes and tens of
   * milliseconds of CPU at the start of every run.
   */
  public long cpuNanos() {
    return SELF.info().totalCpuDuration().map(Duration::toNanos).orElse(-1L);
  }

  /** Resident set size in bytes from {@code /proc/self/status}, or -1 where there is none. */
  public long rssBytes() {
    try {
      for (String line : Files.readAllLines(STATUS)) {
        if (line.startsWith("VmRSS:")) {
          String kb = line.substring(6).trim();
          return Long.parseLong(kb.substring(0, kb.indexOf(' '))) * 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      return -1;
    }
    return -1;
  }
}
