package io.brokerbench.rocketmq;

import io.brokerbench.spi.CallingThreadExecutor;
import io.brokerbench.spi.DriverException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.impl.factory.MQClientInstance;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.remoting.RPCHook;

/**
 * The driver's one {@link DefaultMQProducer}, shared by its producers, requesters and repliers:
 * started by the first of them and tuned so that a send is not handed from thread to thread. The
 * driver calls it under its own lock.
 */
final class ProducerClient {
  private static final int AUTO_BATCH_IDLE_DELAY_MILLIS = 200;

  private final RocketMqConfig config;
  private final String nameServer;
  private final RPCHook rpcHook;
  private final String instanceName;
  private final ProducerThreadSendExecutor sends = new ProducerThreadSendExecutor();
  private DefaultMQProducer client;
  private volatile WriteConsolidation writeConsolidation;

  ProducerClient(RocketMqConfig config, String nameServer, RPCHook rpcHook, String instanceName) {
    this.config = config;
    this.nameServer = nameServer;
    this.rpcHook = rpcHook;
    this.instanceName = instanceName;
  }

  /**
   * The client, started by the first call, whose message size limit then fits {@code bodyBytes}.
   *
   * @throws DriverException when the client does not start
   */
  DefaultMQProducer started(int bodyBytes) throws DriverException {
    if (client == null) {
      client = start(bodyBytes);
    }
    return client;
  }

  private DefaultMQProducer start(int bodyBytes) throws DriverException {
    DefaultMQProducer client =
        ClientConstruction.of(() -> new DefaultMQProducer(config.producerGroup(), rpcHook));
    client.setNamesrvAddr(nameServer);
    client.setInstanceName(instanceName);
    client.setVipChannelEnabled(false);
    // No heartbeat on each new connection: a producer needs none, and without the channel event
    // thread the client stops in milliseconds instead of about 3 s. Consumers keep it.
    client.setEnableHeartbeatChannelEventListener(false);
    client.setPollNameServerInterval(1_000);
    client.setSendMsgTimeout((int) config.sendTimeout().toMillis());
    // The producers retry themselves (RetryPolicy), so that each retry is counted.
    client.setRetryTimesWhenSendFailed(0);
    client.setRetryTimesWhenSendAsyncFailed(0);
    // As the RocketMQ tool does without -c: compression would change what is measured.
    client.setCompressMsgBodyOverHowmuch(Integer.MAX_VALUE);
    client.setMaxMessageSize(Math.max(4 << 20, bodyBytes + (64 << 10)));
    // The client's two auto-batch guard threads wake every half batch delay (10 ms by default: 400
    // wake-ups a second) although the driver batches itself. 200 ms quiets them and still lets
    // each finish within 100 ms when the client shuts down.
    client.batchMaxDelayMs(AUTO_BATCH_IDLE_DELAY_MILLIS);
    try {
      client.start();
      // No thread hand-off per message: an async send runs on the producer thread up to the I/O
      // thread, and its callback (record, confirm: nothing blocks) on the I/O thread.
      client.setAsyncSenderExecutor(sends);
      client.setCallbackExecutor(new CallingThreadExecutor());
      writeConsolidation = tuneConnections(client);
      return client;
    } catch (MQClientException | RuntimeException e) {
      throw new DriverException("cannot start the RocketMQ producer: " + Errors.reason(e), e);
    }
  }

  /**
   * Has the producer's connections to brokers, made from now on, run their codec and handlers on
   * the I/O thread instead of handing each request and each answer to a pool thread (rocketmq
   * remoting's {@code disableNettyWorkerGroup}, which its client configuration does not expose),
   * and gather the sends of a burst into one socket write ({@link WriteConsolidation}).
   */
  @SuppressWarnings("deprecation") // getDefaultMQProducerImpl: the only way to the client instance
  private static WriteConsolidation tuneConnections(DefaultMQProducer client) {
    MQClientInstance instance = client.getDefaultMQProducerImpl().getMqClientFactory();
    instance.getNettyClientConfig().setDisableNettyWorkerGroup(true);
    return WriteConsolidation.install(instance.getMQClientAPIImpl().getRemotingClient());
  }

  /** The write consolidation of the client's connections, once the client started. */
  WriteConsolidation writeConsolidation() {
    return writeConsolidation;
  }

  /** True once the client started: then it has to be {@linkplain #shutdown shut down}. */
  boolean started() {
    return client != null;
  }

  /** Stops the client, then the executor its sends ran on; takes a while, so not under a lock. */
  void shutdown() {
    client.shutdown();
    sends.shutdown();
  }
}
