package io.brokerbench.host;

import io.brokerbench.result.ClockStatus;
import io.brokerbench.result.Environment;
import io.brokerbench.spi.DriverDescription;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

/**
 * What a run learns about the host it runs on: its clock's error bound and its environment. Kept
 * apart from the result values they fill, so reading a result never touches the host (or JNA).
 */
public final class HostProbes {
  private static final Path KERNEL_HOST_NAME = Path.of("/proc/sys/kernel/hostname");

  private HostProbes() {}

  /** This host's clock status, {@link ClockStatus#UNKNOWN} where the system does not expose it. */
  public static ClockStatus clock() {
    try {
      // JNA is optional: without it KernelClock cannot even load.
      Class.forName("com.sun.jna.Native", false, HostProbes.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      return ClockStatus.UNKNOWN;
    }
    return KernelClock.status();
  }

  /**
   * This process's environment for a run against the described driver, whose clients connected
   * where {@code clientNodes} says, with a clock status already known ({@link ClockStatus#UNKNOWN}
   * for a run that did not ask).
   *
   * @param stampInBody true when the stamp fits in the message body
   */
  public static Environment environment(
      DriverDescription driver,
      boolean stampInBody,
      Map<String, String> clientNodes,
      ClockStatus clock) {
    String version = HostProbes.class.getPackage().getImplementationVersion();
    return new Environment(
        driver.driver(),
        driver.target(),
        driver.embedded(),
        driver.clientLibrary(),
        driver.broker(),
        stampInBody ? "body" : "header",
        Instant.now().toString(),
        hostName(),
        System.getProperty("os.name") + " " + System.getProperty("os.version"),
        Runtime.version().toString(),
        Runtime.getRuntime().availableProcessors(),
        version == null ? "dev" : version,
        clock,
        clientNodes);
  }

  /**
   * This host's name, or {@code unknown}: the kernel's where it says it (Linux), which needs no
   * name lookup (a host whose name does not resolve would otherwise be {@code unknown}, and a
   * coordinator would take all such hosts for one), else the local host's as Java resolves it.
   */
  public static String hostName() {
    try {
      String kernel = Files.readString(KERNEL_HOST_NAME).strip();
      if (!kernel.isEmpty()) {
        return kernel;
      }
    } catch (IOException | UnsupportedOperationException notLinux) {
      // Asked of the resolver below.
    }
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "unknown";
    }
  }
}
