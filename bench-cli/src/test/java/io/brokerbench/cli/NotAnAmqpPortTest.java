package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An HTTP port given for the broker's AMQP port (RabbitMQ's management port, the usual slip) is
 * named as such, not as a refused login or a wrong password.
 */
class NotAnAmqpPortTest {
  @TempDir Path dir;
  private HttpServer http;

  @BeforeEach
  void startHttpServer() throws IOException {
    http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    http.start();
  }

  @AfterEach
  void stopHttpServer() {
    http.stop(0);
  }

  @ParameterizedTest
  @CsvSource({"amqp091, -h, AMQP 0.9.1", "amqp10, --url, AMQP 1.0"})
  void aManagementPortIsNamedAsAnHttpPort(String driver, String option, String protocol) {
    String endpoint = "127.0.0.1:" + http.getAddress().getPort();
    BenchCli cli = new BenchCli();

    int exit =
        cli.run(
            "run",
            driver,
            option,
            "amqp://guest:guest@" + endpoint,
            "--connect-timeout-ms",
            "1000",
            "-z",
            "1s",
            "-o",
            dir.toString());

    assertThat(exit).isEqualTo(ExitCodes.RUN_FAILED);
    assertThat(cli.errorLine())
        .isEqualTo(
            "bench: run failed: cannot connect to "
                + endpoint
                + ": it answers HTTP, not "
                + protocol
                + " (a management or web port? RabbitMQ serves AMQP on 5672 and its management on"
                + " 15672)");
  }
}
