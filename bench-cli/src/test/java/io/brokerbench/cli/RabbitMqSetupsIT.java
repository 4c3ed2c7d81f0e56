package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.rabbitmq.testing.PrivateRabbitMqCluster;
import io.brokerbench.rabbitmq.testing.PrivateRabbitMqNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The broker set-ups the studies name, started by {@code scripts/rabbitmq4.sh}: a 4.0.5 node with
 * the AMQP 1.0 benchmark's raised flow-control settings, and Meltwater's two-node 3.10 cluster with
 * mirrored classic queues. Ports 5790-5799 (management + 10000, Prometheus + 25000). Skips when the
 * RabbitMQ version cannot run here, except in CI. The cluster (about 45 s) runs with {@code
 * -Pstudies}, as the placement study that uses it does; here, beside the CLI's other tests, rather
 * than in bench-core, whose tests every module waits for.
 */
class RabbitMqSetupsIT {
  private static final String RAISED_FLOW_CONTROL =
      "../scenarios/setups/rabbitmq-raised-flow-control.config";
  // HTTP/1.1: 3.10's management API drops a PUT that asks to upgrade to HTTP/2 (EOF).
  private static final HttpClient HTTP =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5))
          .build();

  @Test
  void advancedConfigRaisesFlowControlOn405AndPrometheusAnswers() throws Exception {
    try (PrivateRabbitMqNode node =
        PrivateRabbitMqNode.start(
            "bb-setup-flow-it", 5790, 15790, "--advanced-config", RAISED_FLOW_CONTROL)) {
      assertThat(node.ctl("eval", "application:get_env(rabbit, credit_flow_default_credit)."))
          .contains("{ok,{5000,2500}}");
      assertThat(node.ctl("eval", "application:get_env(rabbit, max_link_credit)."))
          .contains("{ok,2000}");
      HttpResponse<String> metrics = get("http://127.0.0.1:30790/metrics");
      assertThat(metrics.statusCode()).isEqualTo(200);
      assertThat(metrics.body()).contains("rabbitmq_process_resident_memory_bytes");
    }
  }

  @Test
  void haPolicyMirrorsAClassicQueueOnA310PairOfNodes() throws Exception {
    Assumptions.assumeTrue(
        Boolean.getBoolean(SeedScenariosIT.FULL_PROPERTY),
        "the 2-node cluster runs with -Pstudies (" + SeedScenariosIT.FULL_PROPERTY + ")");
    try (PrivateRabbitMqCluster cluster =
        PrivateRabbitMqCluster.start("bb-setup-ha-it", 5792, 2, "--version", "3.10")) {
      cluster.policy(
          "ha-all",
          "^ha\\.",
          "{\"ha-mode\":\"all\",\"ha-sync-mode\":\"automatic\"}",
          "--apply-to",
          "queues");
      HttpResponse<String> declared =
          HTTP.send(
              authorized("http://127.0.0.1:15792/api/queues/%2F/ha.orders")
                  .header("content-type", "application/json")
                  .PUT(HttpRequest.BodyPublishers.ofString("{\"durable\":true}"))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(declared.statusCode()).isBetween(200, 204);
      // The mirror is added and synchronised in the background: ask for a while, bounded.
      String mirrored = "";
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (System.nanoTime() < deadline) {
        mirrored =
            cluster
                .ctl(0, "-q", "list_queues", "name", "policy", "synchronised_slave_pids")
                .lines()
                .filter(line -> line.startsWith("ha.orders"))
                .findFirst()
                .orElse("");
        if (mirrored.contains(cluster.node(1))) {
          break;
        }
        Thread.sleep(500);
      }
      assertThat(mirrored).contains("ha-all").contains(cluster.node(1));
    }
  }

  private static HttpResponse<String> get(String url) throws Exception {
    return HTTP.send(authorized(url).GET().build(), HttpResponse.BodyHandlers.ofString());
  }

  private static HttpRequest.Builder authorized(String url) {
    String basic =
        Base64.getEncoder().encodeToString("guest:guest".getBytes(StandardCharsets.US_ASCII));
    return HttpRequest.newBuilder(URI.create(url))
        .timeout(Duration.ofSeconds(10))
        .header("authorization", "Basic " + basic);
  }
}
