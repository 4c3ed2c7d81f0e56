package io.brokerbench.rocketmq;

import io.brokerbench.spi.DestinationSpec;
import io.brokerbench.spi.DriverException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The topics a driver was asked to declare: each made to exist as the topic setup says, and the
 * ones the driver created itself remembered, to be deleted at cleanup.
 */
final class DeclaredTopics {
  private final RocketMqConfig config;
  private final TopicAdmin admin;
  private final String nameServer;
  private final List<String> created = new ArrayList<>();
  private final Set<String> declared = new HashSet<>();

  DeclaredTopics(RocketMqConfig config, TopicAdmin admin, String nameServer) {
    this.config = config;
    this.admin = admin;
    this.nameServer = nameServer;
  }

  /**
   * Creates the missing topics, or checks they exist, as the topic setup says.
   *
   * @throws DriverException when a predeclared topic is missing, or one cannot be created
   */
  void declare(List<DestinationSpec> list) throws DriverException {
    for (DestinationSpec destination : list) {
      String topic = destination.name();
      declared.add(topic);
      switch (config.topicSetup()) {
        case CREATE -> {
          // A topic that is already there is the user's: used as it is, and never deleted.
          if (!created.contains(topic) && !admin.exists(topic)) {
            admin.create(topic, config.queuesPerTopic());
            created.add(topic);
          }
        }
        case PREDECLARED -> {
          if (!admin.exists(topic)) {
            throw new DriverException(
                "topic '"
                    + topic
                    + "' does not exist on the RocketMQ cluster at "
                    + nameServer
                    + ": create it, or use --topic-setup create");
          }
        }
        case AUTO -> {
          // The broker creates the topic on the first send (autoCreateTopicEnable).
        }
      }
    }
  }

  /** How many distinct topics were declared. */
  int count() {
    return declared.size();
  }

  /** True when the driver created this topic, so it holds nothing but this run's messages. */
  boolean createdByDriver(String topic) {
    return created.contains(topic);
  }

  /** True when the driver created any topic. */
  boolean anyCreatedByDriver() {
    return !created.isEmpty();
  }

  /** Deletes the topics the driver created, and forgets them. */
  void deleteCreated() throws DriverException {
    List<String> topics = List.copyOf(created);
    created.clear();
    admin.delete(topics);
  }
}
