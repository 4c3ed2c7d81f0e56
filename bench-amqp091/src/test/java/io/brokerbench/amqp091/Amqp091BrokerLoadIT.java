package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.Connection;
import io.brokerbench.BenchmarkRun;
import io.brokerbench.result.BrokerNodeLoad;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.RunResult;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The broker's own load read through a run: from RabbitMQ's Prometheus endpoint when it is on, from
 * the broker's process on this machine when it is off or another broker's, and a warning, not a
 * failure, when neither can be read.
 */
class Amqp091BrokerLoadIT {
  private String queue;

  @BeforeEach
  void name() {
    TestBroker.require();
    queue = "bb-broker-load-" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
  }

  @AfterEach
  void deleteQueue() throws Exception {
    try (Connection connection = TestBroker.connect()) {
      connection.createChannel().queueDelete(queue);
    }
  }

  private RunResult run(String... options) throws Exception {
    Map<String, String> values = new HashMap<>();
    values.put("uri", TestBroker.uri());
    // A broker beside the machine's (RabbitMQ 4.0.5 in CI) has its endpoint on another port.
    String prometheus = System.getenv("BROKERBENCH_AMQP_PROMETHEUS_URL");
    if (prometheus != null && !prometheus.isBlank()) {
      values.put("prometheus-url", prometheus);
    }
    for (int i = 0; i < options.length; i += 2) {
      values.put(options[i], options[i + 1]);
    }
    Workload workload =
        Workload.builder()
            .producers(1)
            .consumers(1)
            .destination(queue)
            .messageBytes(1_000)
            .persistent(true)
            .inFlightWindow(50)
            .rate(1_000)
            .duration(Duration.ofSeconds(3))
            .warmup(Duration.ZERO)
            .build();
    try (Amqp091Driver driver = Amqp091Driver.open(Amqp091Config.parse(values))) {
      return BenchmarkRun.builder(workload).driver(driver).build().run();
    }
  }

  @Test
  void theBrokersPrometheusEndpointGivesItsLoadPerIntervalAndOverTheRun() throws Exception {
    RunResult result = run();

    assertThat(result.completed()).isTrue();
    // The broker runs here: its CPU (user and system time) comes from its process.
    assertThat(result.extras().brokerLoad().source())
        .startsWith("Prometheus endpoint http://")
        .contains(", CPU and disk writes from its process ");
    BrokerNodeLoad all = result.extras().brokerLoad().total();
    assertThat(all.cpuPercentMean()).isPositive();
    assertThat(all.memoryBytesEnd()).isPositive();
    // The generator sent 1,000-byte messages and received them back: the broker's ports counted
    // at least a part of those bytes each way.
    assertThat(all.networkInBytesPerSecond()).isPositive();
    assertThat(all.networkOutBytesPerSecond()).isPositive();
    assertThat(all.queuedMessagesMax()).isNotNegative();
    assertThat(result.extras().brokerLoad().nodes()).hasSize(1);
    // The node's name as RabbitMQ gives it: rabbit@localhost, ci-rabbitmq4@localhost.
    assertThat(result.extras().brokerLoad().nodes().get(0).node()).contains("@");
    assertThat(result.extras().brokerLoad().memoryBreakdown()).containsKey("binary");
    assertThat(result.figures().intervals().stream().map(IntervalSample::broker))
        .anySatisfy(b -> assertThat(b.cpuPercent()).isPositive());
    assertThat(result.warned("BROKER_LOAD")).isFalse();
  }

  @Test
  void aBrokerWhoseEndpointIsOffIsReadFromItsProcessHere() throws Exception {
    RunResult result = run("prometheus-url", "http://127.0.0.1:1/metrics");

    assertThat(result.completed()).isTrue();
    assertThat(result.extras().brokerLoad().source())
        .startsWith("process ")
        .contains("listening on 127.0.0.1:")
        .contains("enable rabbitmq_prometheus for the rest");
    BrokerNodeLoad all = result.extras().brokerLoad().total();
    assertThat(all.cpuPercentMean()).isPositive();
    assertThat(all.memoryBytesEnd()).isPositive();
    assertThat(all.networkInBytesPerSecond()).isEqualTo(-1);
    assertThat(all.queuedMessagesMax()).isEqualTo(-1);
  }
}
