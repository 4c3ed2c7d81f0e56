package io.brokerbench.spi;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A broker running on this machine, read from its process rather than from an endpoint of its own:
 * CPU time, resident memory and bytes written to storage, from Linux's {@code /proc}. The fallback
 * of a driver whose broker's statistics endpoint is off; it cannot see network traffic, queue depth
 * or alarms, which stay -1 and empty.
 *
 * <pre>{@code
 * Optional<LocalBrokerProcess> broker = LocalBrokerProcess.listeningOn(5672);
 * BrokerNodeReading now = broker.get().read();
 * }</pre>
 */
public final class LocalBrokerProcess {
  private static final Path PROC = Path.of("/proc");
  private static final int LISTEN = 0x0A;

  private final long pid;
  private final String node;
  private final String command;

  private LocalBrokerProcess(long pid, String node, String command) {
    this.pid = pid;
    this.node = node;
    this.command = command;
  }

  /**
   * The process listening on this TCP port of the machine (on 127.0.0.1 or on every address); empty
   * when none is found, when {@code /proc} cannot be read (not Linux, another user's process), or
   * when it is this process itself: an embedded broker's load cannot be told from the generator's.
   */
  public static Optional<LocalBrokerProcess> listeningOn(int port) {
    try {
      long inode = listeningInode(port);
      if (inode < 0) {
        return Optional.empty();
      }
      long pid = owner("socket:[" + inode + "]");
      if (pid < 0 || pid == ProcessHandle.current().pid()) {
        return Optional.empty();
      }
      String command =
          ProcessHandle.of(pid)
              .flatMap(p -> p.info().command())
              .map(c -> Path.of(c).getFileName().toString())
              .orElse("process");
      return Optional.of(new LocalBrokerProcess(pid, "127.0.0.1:" + port, command));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** The process's id. */
  public long pid() {
    return pid;
  }

  /** For the report: {@code process 1234 (beam.smp) listening on 127.0.0.1:5672}. */
  public String description() {
    return "process " + pid + " (" + command + ") listening on " + node;
  }

  /**
   * The process's load now.
   *
   * @throws DriverException when the process has gone
   */
  public BrokerNodeReading read() throws DriverException {
    Optional<ProcessHandle> process = ProcessHandle.of(pid);
    if (process.isEmpty() || !process.get().isAlive()) {
      throw new DriverException("the broker's " + description() + " has gone");
    }
    long cpuMillis = process.get().info().totalCpuDuration().map(Duration::toMillis).orElse(-1L);
    return new BrokerNodeReading(
        node,
        cpuMillis,
        field("status", "VmRSS:", 1024),
        -1,
        -1,
        field("io", "write_bytes:", 1),
        -1,
        List.of());
  }

  /** A number from {@code /proc/PID/FILE}'s line starting with {@code key}, times scale; or -1. */
  private long field(String file, String key, long scale) {
    try {
      for (String line : Files.readAllLines(PROC.resolve(pid + "/" + file))) {
        if (line.startsWith(key)) {
          return Long.parseLong(line.substring(key.length()).trim().split("\\s+")[0]) * scale;
        }
      }
    } catch (IOException | RuntimeException e) {
      return -1;
    }
    return -1;
  }

  /** The inode of the socket listening on the port, from /proc/net/tcp and tcp6; -1 if none. */
  private static long listeningInode(int port) throws IOException {
    String hexPort = String.format(Locale.ROOT, ":%04X", port);
    for (String table : List.of("net/tcp", "net/tcp6")) {
      Path path = PROC.resolve(table);
      if (!Files.isReadable(path)) {
        continue;
      }
      for (String line : Files.readAllLines(path)) {
        String[] f = line.trim().split("\\s+");
        if (f.length > 9
            && f[1].endsWith(hexPort)
            && Integer.parseInt(f[3], 16) == LISTEN
            && loopbackOrAny(f[1].substring(0, f[1].indexOf(':')))) {
          return Long.parseLong(f[9]);
        }
      }
    }
    return -1;
  }

  private static boolean loopbackOrAny(String hexAddress) {
    return hexAddress.matches("0+")
        || hexAddress.equals("0100007F")
        || hexAddress.equals("00000000000000000000000001000000")
        || hexAddress.equals("0000000000000000FFFF00000100007F");
  }

  /** The pid of the process holding a file descriptor linked to {@code target}; -1 if none. */
  private static long owner(String target) throws IOException {
    try (DirectoryStream<Path> processes = Files.newDirectoryStream(PROC, "[0-9]*")) {
      for (Path process : processes) {
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(process.resolve("fd"))) {
          for (Path fd : fds) {
            if (target.equals(readLink(fd))) {
              return Long.parseLong(process.getFileName().toString());
            }
          }
        } catch (IOException | SecurityException e) {
          // Another user's process, or one that ended while we looked.
        }
      }
    }
    return -1;
  }

  private static String readLink(Path fd) {
    try {
      return Files.readSymbolicLink(fd).toString();
    } catch (IOException | UnsupportedOperationException e) {
      return "";
    }
  }
}
