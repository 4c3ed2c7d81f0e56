package io.brokerbench.rocketmq;

import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * Constructs a RocketMQ client again when its construction lost a race with the host's network
 * interfaces. Every client's {@code ClientConfig} looks up the host's address as it is constructed
 * ({@code NetworkUtil.getLocalAddress()}, walking the network interfaces), and an interface that
 * goes away during that walk (a container's or a network namespace's link, a VPN) makes the lookup
 * give null and the constructor throw a {@link NullPointerException}: CI saw a run fail with
 * "internal error" that way while another test's namespaces came and went. The walk is tried again,
 * a few times, a little later.
 */
final class ClientConstruction {
  static final int ATTEMPTS = 5;
  private static final long PAUSE_NANOS = 20_000_000;
  private static final String ADDRESS_LOOKUP = "org.apache.rocketmq.common.utils.NetworkUtil";

  private ClientConstruction() {}

  /**
   * The client {@code constructor} makes, trying again (at most {@link #ATTEMPTS} times in all)
   * while it fails in RocketMQ's address lookup.
   *
   * @throws NullPointerException the last such failure, or at once any other
   */
  static <T> T of(Supplier<T> constructor) {
    for (int attempt = 1; ; attempt++) {
      try {
        return constructor.get();
      } catch (NullPointerException e) {
        if (attempt == ATTEMPTS || !inAddressLookup(e)) {
          throw e;
        }
        LockSupport.parkNanos(PAUSE_NANOS);
      }
    }
  }

  private static boolean inAddressLookup(NullPointerException e) {
    for (StackTraceElement frame : e.getStackTrace()) {
      if (frame.getClassName().equals(ADDRESS_LOOKUP)) {
        return true;
      }
    }
    return false;
  }
}
