package io.brokerbench.host;

import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import io.brokerbench.result.ClockStatus;

/**
 * Reads Linux's {@code struct timex} with {@code adjtimex(2)} in read-only mode ({@code modes} 0).
 * Loaded only when JNA is on the classpath ({@link HostProbes#clock()} checks first).
 */
final class KernelClock {
  /** Generous: {@code struct timex} is 208 bytes on 64-bit Linux. */
  private static final int STRUCT_BYTES = 512;

  /** Offsets of {@code maxerror}, {@code esterror} and {@code status} on LP64 Linux. */
  private static final int MAX_ERROR = 24;

  private static final int ESTIMATED_ERROR = 32;
  private static final int STATUS = 40;

  /** {@code STA_UNSYNC}: no daemon keeps the clock synchronized. */
  private static final int STA_UNSYNC = 0x40;

  /** {@code TIME_ERROR}: the clock is not synchronized. */
  private static final int TIME_ERROR = 5;

  private KernelClock() {}

  static ClockStatus status() {
    if (!Platform.isLinux() || Native.LONG_SIZE != 8) {
      return ClockStatus.UNKNOWN;
    }
    try (Memory timex = new Memory(STRUCT_BYTES)) {
      timex.clear();
      int state =
          Function.getFunction(Platform.C_LIBRARY_NAME, "adjtimex").invokeInt(new Object[] {timex});
      if (state < 0) {
        return ClockStatus.UNKNOWN;
      }
      boolean inSync = state != TIME_ERROR && (timex.getInt(STATUS) & STA_UNSYNC) == 0;
      return new ClockStatus(
          "adjtimex", inSync, timex.getLong(MAX_ERROR), timex.getLong(ESTIMATED_ERROR));
    } catch (UnsatisfiedLinkError | RuntimeException e) {
      return ClockStatus.UNKNOWN;
    }
  }
}
