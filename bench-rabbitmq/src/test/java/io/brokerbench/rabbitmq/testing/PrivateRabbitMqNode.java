package io.brokerbench.rabbitmq.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A private RabbitMQ 4.0.5 node started with {@code scripts/rabbitmq4.sh} on its own port and data
 * directory, for fault tests that must never touch the machine's RabbitMQ. Skips the test when
 * 4.0.5 is not prepared, except in CI ({@code CI=true}), where it fails.
 */
public final class PrivateRabbitMqNode implements AutoCloseable {
  private static final long SCRIPT_SECONDS = 150;

  private final String name;
  private final int port;
  private final int managementPort;
  private final List<String> options;

  private PrivateRabbitMqNode(String name, int port, int managementPort, List<String> options) {
    this.name = name;
    this.port = port;
    this.managementPort = managementPort;
    this.options = options;
  }

  /** Starts the node (stopping one of that name first), ready when this returns. */
  public static PrivateRabbitMqNode start(String name, int port) throws Exception {
    return start(name, port, 0);
  }

  /**
   * Starts the node with its management API on {@code managementPort} (0 for none), ready when this
   * returns.
   */
  public static PrivateRabbitMqNode start(String name, int port, int managementPort)
      throws Exception {
    return start(name, port, managementPort, new String[0]);
  }

  /**
   * Starts the node with the script's options, such as {@code --version 3.10} or {@code
   * --advanced-config FILE} (a path relative to the module's directory), ready when this returns.
   * With a management port the node also serves Prometheus on {@code port + 25000}. Skips the test
   * when that version cannot run here, except in CI.
   */
  public static PrivateRabbitMqNode start(
      String name, int port, int managementPort, String... options) throws Exception {
    RabbitMq4Script.requireVersion(RabbitMq4Script.version(options));
    PrivateRabbitMqNode node =
        new PrivateRabbitMqNode(name, port, managementPort, List.of(options));
    try {
      node.restart();
    } catch (IOException | InterruptedException | RuntimeException e) {
      // A node that came up too slowly is still running: no test would stop it.
      node.close();
      throw e;
    }
    return node;
  }

  /**
   * Runs {@code rabbitmqctl} on the node and returns what it printed.
   *
   * @throws IOException when it failed or took too long
   */
  public String ctl(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("ctl", name));
    command.addAll(List.of(args));
    return RabbitMq4Script.output(SCRIPT_SECONDS, command.toArray(String[]::new));
  }

  /** The management API's URL; only for a node started with one. */
  public String managementUrl() {
    return "http://127.0.0.1:" + managementPort;
  }

  /** The node's AMQP URI, with the default user. */
  public String uri() {
    return "amqp://guest:guest@127.0.0.1:" + port;
  }

  /**
   * Puts the node into a memory alarm (a watermark of one byte), or clears it.
   *
   * @return the exit code of rabbitmqctl
   */
  public int memoryAlarm(boolean on) throws IOException, InterruptedException {
    return on
        ? script("ctl", name, "set_vm_memory_high_watermark", "absolute", "1")
        : script("ctl", name, "set_vm_memory_high_watermark", "0.4");
  }

  /**
   * Arms a memory alarm that stays on once {@linkplain ArmedFault#fire() fired}. {@link
   * #memoryAlarm memoryAlarm(false)} clears it.
   */
  public ArmedFault armMemoryAlarm() throws IOException, InterruptedException {
    return armMemoryAlarm(0);
  }

  /**
   * Arms a memory alarm that the broker clears itself {@code heldMillis} after it was fired (when
   * positive), keeping how long it held it, by its own clock, for {@link #memoryAlarmHeldMillis()}.
   */
  public ArmedFault armMemoryAlarm(long heldMillis) throws IOException, InterruptedException {
    String clear =
        heldMillis <= 0
            ? ""
            : ", timer:sleep("
                + heldMillis
                + "), vm_memory_monitor:set_vm_memory_high_watermark(0.4),"
                + " persistent_term:put(brokerbench_alarm_held,"
                + " erlang:monotonic_time(millisecond) - On)";
    return arm(
        "persistent_term:erase(brokerbench_alarm_held),",
        "On = erlang:monotonic_time(millisecond),"
            + " vm_memory_monitor:set_vm_memory_high_watermark({absolute, 1})"
            + clear);
  }

  /**
   * Arms a stop of the broker application (its clients are disconnected, its port closes, as {@code
   * rabbitmqctl stop_app}). {@link #application application(true)} starts it again.
   */
  public ArmedFault armApplicationStop() throws IOException, InterruptedException {
    return arm("", "rabbit:stop()");
  }

  /**
   * Runs {@code first} in the broker now and spawns a waiter there that runs {@code action} as soon
   * as the returned fault is fired (polling every 20 ms, for 60 s at most).
   */
  private ArmedFault arm(String first, String action) throws IOException, InterruptedException {
    Path trigger = Files.createTempFile("brokerbench-" + name + "-", ".fire");
    Files.delete(trigger);
    String armed =
        first
            + " Fired = fun() -> filelib:is_file(\""
            + trigger
            + "\") end,"
            + " Wait = fun W(0) -> timeout; W(N) -> case Fired() of true -> ok;"
            + " false -> timer:sleep(20), W(N - 1) end end,"
            + " spawn(fun() -> case Wait(3000) of ok -> "
            + action
            + "; timeout -> ok end end), ok.";
    if (script("ctl", name, "eval", armed) != 0) {
      throw new IllegalStateException("could not arm a fault in node " + name);
    }
    return new ArmedFault(trigger);
  }

  /**
   * How long the last alarm of {@link #armMemoryAlarm(long)} was on, by the broker's clock, in
   * milliseconds; -1 when it has not been cleared (or did not go on).
   */
  public long memoryAlarmHeldMillis() throws IOException, InterruptedException {
    String out =
        RabbitMq4Script.output(
            SCRIPT_SECONDS,
            "ctl",
            name,
            "eval",
            "persistent_term:get(brokerbench_alarm_held, -1).");
    return Long.parseLong(out.strip().lines().reduce((first, last) -> last).orElse("-1").strip());
  }

  /** Sends the node's Erlang VM a signal: STOP freezes the broker, CONT thaws it, KILL kills it. */
  public void signal(String signal) throws IOException, InterruptedException {
    if (script("signal", name, signal) != 0) {
      throw new IllegalStateException("could not send " + signal + " to node " + name);
    }
  }

  /**
   * Stops the broker application (the node's clients are disconnected, its port closes) or starts
   * it again, as {@code rabbitmqctl stop_app} and {@code start_app}.
   */
  public void application(boolean running) throws IOException, InterruptedException {
    if (script("ctl", name, running ? "start_app" : "stop_app") != 0) {
      throw new IllegalStateException(
          "rabbitmqctl could not " + (running ? "start" : "stop") + " " + name);
    }
  }

  /** Starts the node again (after a kill or a stop), ready when this returns. */
  public void restart() throws IOException, InterruptedException {
    script("stop", name);
    List<String> start = new ArrayList<>(List.of("start", name, String.valueOf(port)));
    if (managementPort != 0) {
      start.add(String.valueOf(managementPort));
    }
    start.addAll(options);
    int exit = script(start.toArray(String[]::new));
    if (exit != 0) {
      throw new IllegalStateException("RabbitMQ node " + name + " did not restart on port " + port);
    }
  }

  private static int script(String... args) throws IOException, InterruptedException {
    return RabbitMq4Script.run(SCRIPT_SECONDS, args);
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
