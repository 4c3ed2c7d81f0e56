package com.example.orders;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.junit.BenchmarkRunner;
import io.brokerbench.junit.BrokerbenchExtension;
import io.brokerbench.micrometer.BrokerbenchMeters;
import io.brokerbench.result.RunResult;
import io.brokerbench.workload.Workload;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load test seen through the team's own tools: its figures in the service's Micrometer registry,
 * and its intervals in a JDK Flight Recorder recording beside the JVM's own events.
 */
@ExtendWith(BrokerbenchExtension.class)
class OrdersObservabilityTest {

  private static Workload orders(String queue) {
    return Workload.builder()
        .destination(queue)
        .rate(1_000)
        .duration(Duration.ofSeconds(2))
        .reportInterval(Duration.ofMillis(500))
        .inFlightWindow(100)
        .build();
  }

  /** The run's counts and latency land in the registry the service already has. */
  @Test
  void theRunsFiguresAreInOurMeterRegistry(BenchmarkRunner bench) throws Exception {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    BrokerbenchMeters meters = new BrokerbenchMeters();
    meters.bindTo(registry);

    RunResult result =
        bench.embedded().run("amqp091", Map.of(), orders("orders-meters"), run -> run.sink(meters));

    double received =
        registry.get("brokerbench.messages").tag("outcome", "received").functionCounter().count();
    assertThat(received).isEqualTo(result.figures().totals().counts().received()).isPositive();
    FunctionTimer e2e = registry.get("brokerbench.latency").tag("kind", "e2e").functionTimer();
    assertThat(e2e.count()).isPositive();
  }

  /** A flight recording holds the run and each of its intervals as brokerbench events. */
  @Test
  void theRunIsInOurFlightRecording(BenchmarkRunner bench, @TempDir Path dir) throws Exception {
    Path file = dir.resolve("orders.jfr");
    RunResult result;
    try (Recording recording = new Recording()) {
      recording.enable("brokerbench.Run");
      recording.enable("brokerbench.Interval");
      recording.start();
      result = bench.embedded().run("amqp091", orders("orders-jfr"));
      recording.stop();
      recording.dump(file);
    }

    assertThat(Files.size(file)).isPositive();
    List<RecordedEvent> events = RecordingFile.readAllEvents(file);
    assertThat(events)
        .filteredOn(e -> e.getEventType().getName().equals("brokerbench.Run"))
        .singleElement()
        .satisfies(run -> assertThat(run.getLong("sent")).isEqualTo(result.figures().totals().counts().sent()));
    assertThat(events)
        .filteredOn(e -> e.getEventType().getName().equals("brokerbench.Interval"))
        .hasSizeGreaterThanOrEqualTo(3);
  }
}
