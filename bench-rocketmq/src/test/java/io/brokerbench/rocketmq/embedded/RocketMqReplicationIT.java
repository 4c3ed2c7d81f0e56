package io.brokerbench.rocketmq.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.rocketmq.embedded.EmbeddedRocketMq.Replication;
import io.brokerbench.rocketmq.embedded.EmbeddedRocketMq.Settings;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A master with a synchronously replicating slave (SYNC_MASTER, SYNC_FLUSH): every message a plain
 * producer was told SEND_OK for is already in the slave's commit log, and reaches its consume
 * queues.
 */
class RocketMqReplicationIT {
  private static final String TOPIC = "bb-replicated";
  private static final int QUEUES = 4;
  private static final int MESSAGES = 100;

  @Test
  @Timeout(value = 90, unit = TimeUnit.SECONDS)
  void syncReplicationPutsEverySentMessageOnTheSlave() throws Exception {
    Settings settings = Settings.DEFAULTS.withSyncFlush(true).withReplication(Replication.SYNC);
    try (EmbeddedRocketMq mq = EmbeddedRocketMq.start(settings)) {
      mq.createTopic(TOPIC, QUEUES);
      long slaveBefore = mq.slaveCommitLogMaxOffset();
      DefaultMQProducer producer = new DefaultMQProducer("bb-replication-it");
      producer.setNamesrvAddr(mq.nameServerAddress());
      producer.setInstanceName("bb-replication-it");
      producer.setVipChannelEnabled(false);
      producer.setSendMsgTimeout(5_000);
      producer.start();
      try {
        for (int i = 0; i < MESSAGES; i++) {
          SendResult result =
              producer.send(new Message(TOPIC, ("m" + i).getBytes(StandardCharsets.UTF_8)));
          // A SYNC_MASTER answers FLUSH_SLAVE_TIMEOUT or SLAVE_NOT_AVAILABLE when its slave lags.
          assertThat(result.getSendStatus()).as("message %d", i).isEqualTo(SendStatus.SEND_OK);
        }
      } finally {
        producer.shutdown();
      }
      // Acknowledged means in the slave's commit log already; its consume queues follow shortly.
      assertThat(mq.slaveCommitLogMaxOffset())
          .isGreaterThan(slaveBefore)
          .isGreaterThanOrEqualTo(mq.commitLogMaxOffset());
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (mq.slaveMessageCount(TOPIC, QUEUES) < MESSAGES && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      assertThat(mq.slaveMessageCount(TOPIC, QUEUES)).isEqualTo(MESSAGES);
    }
  }
}
