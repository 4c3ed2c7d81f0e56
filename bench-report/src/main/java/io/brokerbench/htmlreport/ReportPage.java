package io.brokerbench.htmlreport;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The HTML page: the template with its style, ECharts, the page's script and the model as JSON, all
 * inlined so that the file opens from disk with no network.
 *
 * <p>Implementation notes: the model goes into a {@code <script type="application/json">} element
 * that the page's script parses. HTML ends a script element at the first {@code </script} whatever
 * the quoting, and {@code <!--} changes how it looks for that end; both can only occur inside JSON
 * strings (a host name, a warning, a driver option), so every {@code <} in the JSON is written as
 * the JSON escape {@code \u003c}, which parses back to the same string.
 */
final class ReportPage {
  /**
   * The ECharts build inlined: line, bar and scatter charts with the common components. The version
   * is the parent pom's {@code echarts.version}; after a change there, the tests fail until this
   * path follows.
   */
  static final String ECHARTS =
      "/META-INF/resources/webjars/echarts/5.3.1/dist/echarts.common.min.js";

  private ReportPage() {}

  /** The page showing this model. */
  static String render(ReportModel model) {
    String template = resource("report.html");
    return template
        .replace("@@TITLE@@", htmlText(model.title()))
        .replace("/*@@STYLE@@*/", resource("report.css"))
        .replace("/*@@ECHARTS@@*/", scriptText(absoluteResource(ECHARTS)))
        .replace("/*@@SCRIPT@@*/", scriptText(resource("report.js")))
        .replace("@@DATA@@", json(model));
  }

  /** The model as JSON safe inside a script element. */
  static String json(Object model) {
    try {
      return JsonFiles.MAPPER.writeValueAsString(model).replace("<", "\\u003c");
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the report model could not be written as JSON", e);
    }
  }

  private static String scriptText(String script) {
    if (script.contains("</script")) {
      throw new IllegalStateException("a script to inline contains </script");
    }
    return script;
  }

  private static String htmlText(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  private static String resource(String name) {
    return absoluteResource("/io/brokerbench/htmlreport/" + name);
  }

  private static String absoluteResource(String path) {
    try (InputStream in = ReportPage.class.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException(path + " is missing from the classpath");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
