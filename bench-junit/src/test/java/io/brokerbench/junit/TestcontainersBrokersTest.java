package io.brokerbench.junit;

import static io.brokerbench.junit.BrokerbenchAssertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brokerbench.Drivers;
import io.brokerbench.result.RunResult;
import io.brokerbench.spi.TargetOption;
import io.brokerbench.workload.Workload;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The container fallback against a real Docker engine; skipped where none answers. */
class TestcontainersBrokersTest {
  @Test
  void aRunReachesTheBrokerInTheDriversContainer(@TempDir Path dir) throws Exception {
    TestcontainersBrokers containers = new TestcontainersBrokers();
    assumeTrue(containers.unavailable() == null, "no Docker engine answers");
    TargetOption target = Drivers.find("amqp091").target();
    String address = containers.start(target);

    RunResult result =
        new BenchmarkRunner(dir, name -> null)
            .run(
                "amqp091",
                Map.of(target.option(), address),
                Workload.builder().rate(1_000).duration(Duration.ofSeconds(2)).build(),
                builder -> {});

    assertThat(result).completed().hasNoLoss().meets("received == 2000");
  }
}
