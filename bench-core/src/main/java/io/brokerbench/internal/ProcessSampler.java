package io.brokerbench.internal;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/** Samples this process's CPU time and resident set size. */
final class ProcessSampler {
  private static final Path STATUS = Path.of("/proc/self/status");

  private final com.sun.management.OperatingSystemMXBean os =
      ManagementFactory.getOperatingSystemMXBean()
              instanceof com.sun.management.OperatingSystemMXBean bean
          ? bean
          : null;

  /** CPU time used by the process (user + system), nanoseconds, or -1 if unknown. */
  long cpuNanos() {
    return os == null ? -1 : os.getProcessCpuTime();
  }

  /** Resident set size in bytes from {@code /proc/self/status}, or -1 where there is none. */
  long rssBytes() {
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
