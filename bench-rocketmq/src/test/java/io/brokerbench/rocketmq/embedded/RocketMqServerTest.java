package io.brokerbench.rocketmq.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.rocketmq.embedded.EmbeddedRocketMq.Replication;
import io.brokerbench.rocketmq.embedded.EmbeddedRocketMq.Settings;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class RocketMqServerTest {
  @Test
  void parsesTheClusterModes() {
    Settings settings =
        RocketMqServer.parse(
            "--namesrv-port",
            "9876",
            "--flush",
            "sync",
            "--replication",
            "async",
            "--dir",
            "/tmp/x");
    assertThat(settings.nameServerPort()).isEqualTo(9876);
    assertThat(settings.syncFlush()).isTrue();
    assertThat(settings.replication()).isEqualTo(Replication.ASYNC);
    assertThat(settings.storeRoot()).isEqualTo(Path.of("/tmp/x"));
    Settings defaults = RocketMqServer.parse("--namesrv-port", "9876");
    assertThat(defaults.syncFlush()).isFalse();
    assertThat(defaults.replication()).isEqualTo(Replication.NONE);
    assertThat(defaults.storeRoot()).isNull();
  }

  @Test
  void refusesBadArgumentsWithOneClearLine() {
    assertThatThrownBy(() -> RocketMqServer.parse("--flush", "sync"))
        .hasMessage("--namesrv-port is required");
    assertThatThrownBy(() -> RocketMqServer.parse("--namesrv-port", "x"))
        .hasMessageContaining("not 'x'");
    assertThatThrownBy(() -> RocketMqServer.parse("--namesrv-port", "1", "--flush", "fast"))
        .hasMessage("--flush: async or sync, not 'fast'");
    assertThatThrownBy(() -> RocketMqServer.parse("--namesrv-port", "1", "--replication", "x"))
        .hasMessage("--replication: none, async or sync, not 'x'");
    assertThatThrownBy(() -> RocketMqServer.parse("--namesrv-port", "1", "--bogus", "1"))
        .hasMessage("unknown option --bogus");
    assertThatThrownBy(() -> RocketMqServer.parse("--namesrv-port"))
        .hasMessage("--namesrv-port needs a value");
  }
}
