package io.brokerbench.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Method;
import com.rabbitmq.client.ShutdownSignalException;

/**
 * What RabbitMQ said when it closed a channel or connection, read from amqp-client's exceptions.
 */
public final class BrokerReplies {
  private BrokerReplies() {}

  /** The {@link ShutdownSignalException} in {@code e}'s cause chain, or null. */
  public static ShutdownSignalException shutdownCause(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof ShutdownSignalException s) {
        return s;
      }
    }
    return null;
  }

  /** The reply code of a channel or connection close, 0 when the broker sent none. */
  public static int replyCode(ShutdownSignalException shutdown) {
    Method reason = shutdown.getReason();
    if (reason instanceof AMQP.Channel.Close close) {
      return close.getReplyCode();
    }
    if (reason instanceof AMQP.Connection.Close close) {
      return close.getReplyCode();
    }
    return 0;
  }

  /** The broker's reply text, or the I/O failure that ended the connection. */
  public static String replyText(ShutdownSignalException shutdown) {
    Method reason = shutdown.getReason();
    if (reason instanceof AMQP.Channel.Close close) {
      return close.getReplyText();
    }
    if (reason instanceof AMQP.Connection.Close close) {
      return close.getReplyText();
    }
    Throwable cause = shutdown.getCause();
    return cause == null ? "connection lost" : "connection lost (" + message(cause) + ")";
  }

  /**
   * The message for a login the broker refused (a connection closed while opening), or null when
   * {@code e} is not one: names the virtual host when it does not exist or the user may not use it.
   *
   * @param endpoint {@code host:port}
   * @param virtualHost the virtual host asked for
   * @param user the user name
   */
  public static String refusedLogin(Throwable e, String endpoint, String virtualHost, String user) {
    ShutdownSignalException shutdown = shutdownCause(e);
    if (shutdown == null) {
      return null;
    }
    return switch (replyCode(shutdown)) {
      case AMQP.NOT_ALLOWED ->
          "virtual host '"
              + virtualHost
              + "' does not exist at "
              + endpoint
              + " or user '"
              + user
              + "' may not use it ("
              + replyText(shutdown)
              + "): create it (rabbitmqctl add_vhost "
              + (virtualHost.isEmpty() ? "''" : virtualHost)
              + ") and grant the user access, or name an existing one"
              + (virtualHost.isEmpty()
                  ? " (a URI ending in '/' names the empty virtual host, write amqp://host for '/')"
                  : "");
      case AMQP.ACCESS_REFUSED ->
          "access refused for user '"
              + user
              + "' at "
              + endpoint
              + " ("
              + replyText(shutdown)
              + ")";
      default -> "the broker at " + endpoint + " refused the connection: " + replyText(shutdown);
    };
  }

  private static String message(Throwable t) {
    String message = t.getMessage();
    return message == null || message.isBlank() ? t.getClass().getSimpleName() : message;
  }
}
