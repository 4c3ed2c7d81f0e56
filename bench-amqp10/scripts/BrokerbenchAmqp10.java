import io.brokerbench.BenchmarkRun;
import io.brokerbench.amqp10.Amqp10DriverProvider;
import io.brokerbench.result.RunResult;
import io.brokerbench.spi.Driver;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.Map;

/**
 * The same load through brokerbench's amqp10 driver (no CLI needed). Usage: BrokerbenchAmqp10
 * QUEUE COUNT BODY_BYTES CREDIT WINDOW [engine|client]
 */
public final class BrokerbenchAmqp10 {
  public static void main(String[] args) throws Exception {
    String queue = args[0];
    String io = args.length > 5 ? args[5] : "engine";
    int count = Integer.parseInt(args[1]);
    Workload workload =
        Workload.builder()
            .destination(queue)
            .messagesPerProducer(count)
            .messageBytes(Integer.parseInt(args[2]))
            .prefetch(Integer.parseInt(args[3]))
            .inFlightWindow(Integer.parseInt(args[4]))
            .persistent(true)
            .duration(Duration.ofMinutes(5))
            .drainTimeout(Duration.ofSeconds(30))
            .build();
    try (Driver driver =
        new Amqp10DriverProvider().open(Map.of("url", "amqp://guest:guest@127.0.0.1:5672", "io", io))) {
      RunResult r = BenchmarkRun.builder(workload).driver(driver).build().run();
      System.out.printf(
          "brokerbench-amqp10 %s sent %d received %d: %.0f msg/s sent, %.0f msg/s received,"
              + " confirm p50 %.0f us, e2e p50 %.0f us p99 %.0f us,"
              + " in-run CPU %.1f us/msg%n",
          r.status(),
          r.totals().counts().sent(),
          r.totals().counts().received(),
          r.totals().rates().sentPerSecond(),
          r.totals().rates().receivedPerSecond(),
          r.latency().get("confirm").p50Micros(),
          r.latency().get("e2e").p50Micros(),
          r.latency().get("e2e").p99Micros(),
          r.totals().client().cpuMicrosPerMessage());
    }
  }
}
