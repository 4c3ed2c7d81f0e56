package io.brokerbench.rabbitmq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.spi.DriverException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

/**
 * RabbitMQ's HTTP endpoints of one node: the management API ({@code GET /api/...}, JSON, basic
 * authentication) and, beside it, the Prometheus endpoint. Every request is bounded by the timeout;
 * failures are worded for the user with what to do. Requests go through {@link HttpURLConnection}:
 * every run against RabbitMQ reads its Prometheus endpoint, and {@code java.net.http.HttpClient}'s
 * first request cost 860 ms of CPU here (its TLS set-up among them) against 20 ms.
 *
 * <pre>{@code
 * ManagementApi api = new ManagementApi("http://127.0.0.1:15672", "guest", "guest", timeout);
 * JsonNode nodes = api.get("/api/nodes", "read the broker's memory");
 * }</pre>
 */
public final class ManagementApi {
  /**
   * Made on first use: a run that reads only the Prometheus endpoint (every run against RabbitMQ)
   * need not load Jackson (about 250 ms of CPU at start-up).
   */
  private static final class Json {
    static final ObjectMapper MAPPER = new ObjectMapper();
  }

  private final String base;
  private final String authorization;
  private final Duration timeout;

  /**
   * An API client.
   *
   * @param url the API's root, such as {@code http://127.0.0.1:15672}; a trailing slash is dropped
   */
  public ManagementApi(String url, String user, String password, Duration timeout) {
    this.base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    this.authorization =
        "Basic "
            + Base64.getEncoder()
                .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    this.timeout = timeout;
  }

  /** The API's root, for messages. */
  public String base() {
    return base;
  }

  /**
   * {@code GET path} as JSON.
   *
   * @param purpose what the answer is for, in messages: "to find queue leaders"
   * @throws DriverException when the API cannot be reached or does not answer 200 with JSON
   */
  public JsonNode get(String path, String purpose) throws DriverException {
    String body;
    try {
      body = fetch(URI.create(base + path), true);
    } catch (IOException e) {
      throw new DriverException(
          "cannot reach RabbitMQ's management API at "
              + base
              + " "
              + purpose
              + " ("
              + e.getMessage()
              + "): enable the rabbitmq_management plugin, or give --management-url",
          e);
    }
    try {
      return Json.MAPPER.readTree(body);
    } catch (IOException e) {
      throw new DriverException(
          "RabbitMQ's management API at " + base + " answered GET " + path + " with no JSON", e);
    }
  }

  /**
   * {@code GET path} as JSON, its failures as short messages ({@code ConnectException}, {@code
   * answered 401}) for a caller that words its own.
   */
  JsonNode json(String path) throws IOException {
    return Json.MAPPER.readTree(fetch(URI.create(base + path), true));
  }

  /**
   * {@code GET uri} as text.
   *
   * @param authenticated whether to send the user's credentials (the management API needs them, the
   *     Prometheus endpoint does not)
   * @throws IOException when the endpoint cannot be reached or does not answer 200, its message
   *     short: {@code ConnectException}, {@code answered 401}
   */
  public String fetch(URI uri, boolean authenticated) throws IOException {
    long deadline = System.nanoTime() + timeout.toNanos();
    HttpURLConnection connection;
    try {
      connection = (HttpURLConnection) uri.toURL().openConnection();
    } catch (IllegalArgumentException | ClassCastException e) {
      throw new IOException("is not an http URL", e);
    }
    connection.setConnectTimeout((int) timeout.toMillis());
    connection.setReadTimeout((int) timeout.toMillis());
    if (authenticated) {
      connection.setRequestProperty("Authorization", authorization);
    }
    int status;
    String body = null;
    try {
      status = connection.getResponseCode();
      if (status == 200) {
        body = readBody(connection, deadline);
      }
    } catch (IOException e) {
      throw new IOException(e.getClass().getSimpleName(), e);
    } finally {
      connection.disconnect();
    }
    if (status != 200) {
      throw new IOException(
          "answered " + status + (status == 401 ? ", the URI's user may not use it" : ""));
    }
    return body;
  }

  /** The answer's body, in at most the time left before {@code deadline}. */
  private String readBody(HttpURLConnection connection, long deadline) throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    try (InputStream in = connection.getInputStream()) {
      byte[] chunk = new byte[16 << 10];
      for (int n; (n = in.read(chunk)) >= 0; ) {
        body.write(chunk, 0, n);
        // The read timeout bounds each read; this bounds them all (a server that trickles).
        if (System.nanoTime() > deadline) {
          throw new SocketTimeoutException("no whole answer within " + timeout.toMillis() + " ms");
        }
      }
    }
    return body.toString(StandardCharsets.UTF_8);
  }

  /** A path segment (virtual host, queue name), encoded. */
  public static String encode(String segment) {
    return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
