package io.brokerbench.rabbitmq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.spi.DriverException;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

/**
 * RabbitMQ's HTTP endpoints of one node: the management API ({@code GET /api/...}, JSON, basic
 * authentication) and, beside it, the Prometheus endpoint. Every request is bounded by the timeout;
 * failures are worded for the user with what to do.
 *
 * <pre>{@code
 * ManagementApi api = new ManagementApi("http://127.0.0.1:15672", "guest", "guest", timeout);
 * JsonNode nodes = api.get("/api/nodes", "read the broker's memory");
 * }</pre>
 */
public final class ManagementApi {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final String base;
  private final String authorization;
  private final Duration timeout;
  private final HttpClient http;

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
    this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
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
      return JSON.readTree(body);
    } catch (IOException e) {
      throw new DriverException(
          "RabbitMQ's management API at " + base + " answered GET " + path + " with no JSON", e);
    }
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
    HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout).GET();
    if (authenticated) {
      request.header("Authorization", authorization);
    }
    HttpResponse<String> response;
    try {
      response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new IOException(e.getClass().getSimpleName(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
    if (response.statusCode() != 200) {
      throw new IOException(
          "answered "
              + response.statusCode()
              + (response.statusCode() == 401 ? ", the URI's user may not use it" : ""));
    }
    return response.body();
  }

  /** A path segment (virtual host, queue name), encoded. */
  public static String encode(String segment) {
    return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
