package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The guard of a whole run's cost: {@code run loopback} from the fat jar, as a user runs it, under
 * a flight recording of allocation samples and thread starts, allocates and starts no more than the
 * committed {@link RunCostBaseline} allows: at start-up (one message) and per message (a million
 * more). The JMH gate guards the hot path's pieces; this guards what the whole run pays.
 *
 * <p>With {@code -Dbrokerbench.runcost.record=true} it writes what it saw into {@code
 * src/test/resources/run-cost-baseline.properties} instead of checking it.
 */
class RunCostIT {
  private static final String RECORD = "brokerbench.runcost.record";
  private static final int MESSAGES = 1_000_000;

  /** Allocation samples whose weights add up to the bytes allocated, and every thread start. */
  private static final String SETTINGS =
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <configuration version="2.0">
        <event name="jdk.ObjectAllocationSample">
          <setting name="enabled">true</setting>
          <setting name="throttle">1000/s</setting>
          <setting name="stackTrace">false</setting>
        </event>
        <event name="jdk.ThreadStart">
          <setting name="enabled">true</setting>
          <setting name="stackTrace">false</setting>
        </event>
      </configuration>
      """;

  @TempDir Path dir;

  @Test
  void aLoopbackRunAllocatesAndStartsNoMoreThanItsBaseline() throws Exception {
    Path settings = Files.writeString(dir.resolve("cost.jfc"), SETTINGS);
    List<RecordedEvent> one = recorded(settings, 1);
    List<RecordedEvent> many = recorded(settings, MESSAGES);
    long startup = allocated(one);
    RunCostBaseline.Cost cost =
        new RunCostBaseline.Cost(
            startup,
            (int) one.stream().filter(e -> is(e, "jdk.ThreadStart")).count(),
            (allocated(many) - startup) / (double) (MESSAGES - 1));

    if (Boolean.getBoolean(RECORD)) {
      Path file = Path.of("src", "test", "resources", RunCostBaseline.FILE);
      Files.writeString(file, RunCostBaseline.text(cost));
      System.out.println("run cost baseline recorded in " + file.toAbsolutePath() + ": " + cost);
      return;
    }
    assertThat(RunCostBaseline.load().regressions(cost)).as("run cost regressions").isEmpty();
  }

  /** The events of {@code bench run loopback -C count} run from the fat jar under a recording. */
  private List<RecordedEvent> recorded(Path settings, int count)
      throws IOException, InterruptedException {
    Path recording = dir.resolve("run-" + count + ".jfr");
    Path output = dir.resolve("run-" + count + ".out");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-XX:StartFlightRecording=filename=" + recording + ",settings=" + settings);
    command.addAll(List.of("-jar", Path.of("target", "bench-cli.jar").toString()));
    command.addAll(List.of("run", "loopback", "-C", String.valueOf(count)));
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("bench run loopback ended").isTrue();
    assertThat(process.exitValue())
        .as("bench run loopback -C %d; its output:%n%s", count, Files.readString(output))
        .isZero();
    return RecordingFile.readAllEvents(recording);
  }

  private static long allocated(List<RecordedEvent> events) {
    return events.stream()
        .filter(e -> is(e, "jdk.ObjectAllocationSample"))
        .mapToLong(e -> e.getLong("weight"))
        .sum();
  }

  private static boolean is(RecordedEvent event, String name) {
    return event.getEventType().getName().equals(name);
  }
}
