package io.brokerbench.contract;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A private RabbitMQ 4.0.5 node started with {@code scripts/rabbitmq4.sh} on its own port and data
 * directory, for fault tests that must never touch the machine's RabbitMQ. Skips the test when
 * 4.0.5 is not prepared, except in CI ({@code CI=true}), where it fails.
 */
public final class PrivateRabbitMqNode implements AutoCloseable {
  private static final Path SCRIPT = Path.of("../scripts/rabbitmq4.sh");
  private static final Path PREPARED =
      Path.of(System.getProperty("user.home"), ".cache/brokerbench/rabbitmq-4.0.5/.prepared");
  private static final long SCRIPT_SECONDS = 150;

  private final String name;
  private final int port;

  private PrivateRabbitMqNode(String name, int port) {
    this.name = name;
    this.port = port;
  }

  /** Starts the node (stopping one of that name first), ready when this returns. */
  public static PrivateRabbitMqNode start(String name, int port) throws Exception {
    RequiredBroker.require(
        Files.exists(PREPARED), "RabbitMQ 4.0.5 prepared by scripts/rabbitmq4.sh prepare");
    script("stop", name);
    if (script("start", name, String.valueOf(port)) != 0) {
      throw new IllegalStateException("RabbitMQ node " + name + " did not start on port " + port);
    }
    return new PrivateRabbitMqNode(name, port);
  }

  /** The node's AMQP URI, with the default user. */
  public String uri() {
    return "amqp://guest:guest@127.0.0.1:" + port;
  }

  /**
   * Puts the node into a memory alarm {@code on} from now and clears it {@code off} from now.
   *
   * @return the schedule; shut it down when the test ends
   */
  public ScheduledExecutorService memoryAlarm(Duration on, Duration off) {
    ScheduledExecutorService alarm = Executors.newSingleThreadScheduledExecutor();
    alarm.schedule(
        () -> script("ctl", name, "set_vm_memory_high_watermark", "absolute", "1"),
        on.toMillis(),
        TimeUnit.MILLISECONDS);
    alarm.schedule(
        () -> script("ctl", name, "set_vm_memory_high_watermark", "0.4"),
        off.toMillis(),
        TimeUnit.MILLISECONDS);
    return alarm;
  }

  private static int script(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(SCRIPT.toString()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).inheritIO().start();
    if (!p.waitFor(SCRIPT_SECONDS, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      return -1;
    }
    return p.exitValue();
  }

  /** Stops the node. */
  @Override
  public void close() throws IOException {
    try {
      script("stop", name);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
