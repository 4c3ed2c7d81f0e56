package io.brokerbench.htmlreport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The report opened in headless Chromium, as a user's browser opens the file: the DOM after the
 * page's script ran, and screenshots. No driver library: the page writes what it drew into {@code
 * <pre id="report-status">}, and {@code --dump-dom} prints it.
 */
final class HeadlessChromium {
  static final Path EXECUTABLE = Path.of("/usr/bin/chromium");
  private static final long TIMEOUT_SECONDS = 90;
  private static final Pattern STATUS =
      Pattern.compile("<pre id=\"report-status\"[^>]*>(.*?)</pre>", Pattern.DOTALL);

  private final Path workDir;

  /** A browser keeping its profiles and output under this directory. */
  HeadlessChromium(Path workDir) {
    this.workDir = workDir;
  }

  /**
   * What the page says it drew.
   *
   * @param charts each chart's status line by chart id
   * @param errors script errors the page caught
   * @param summary the last line, {@code charts N drawn M errors E}
   * @param dom the page's DOM after its scripts ran
   */
  record PageStatus(Map<String, String> charts, List<String> errors, String summary, String dom) {}

  /** Opens the page and reads its status from the DOM. */
  PageStatus open(Path html) throws Exception {
    Path dom = workDir.resolve(html.getFileName() + ".dom.html");
    run(dom, "--dump-dom", html.toUri().toString());
    String page = Files.readString(dom, StandardCharsets.UTF_8);
    Matcher m = STATUS.matcher(page);
    if (!m.find()) {
      throw new AssertionError("no #report-status in the DOM Chromium dumped: " + dom);
    }
    Map<String, String> charts = new LinkedHashMap<>();
    List<String> errors = new ArrayList<>();
    String summary = "";
    for (String line : unescape(m.group(1)).split("\n")) {
      if (line.startsWith("chart ")) {
        charts.put(line.split(" ")[1], line);
      } else if (line.startsWith("error ")) {
        errors.add(line);
      } else {
        summary = line;
      }
    }
    return new PageStatus(charts, errors, summary, page);
  }

  /** Saves a screenshot of the page at this window size. */
  void screenshot(Path html, Path png, int width, int height) throws Exception {
    Files.createDirectories(png.toAbsolutePath().getParent());
    run(
        workDir.resolve(png.getFileName() + ".log"),
        "--screenshot=" + png.toAbsolutePath(),
        "--window-size=" + width + "," + height,
        "--hide-scrollbars",
        html.toUri().toString());
  }

  private void run(Path output, String... args) throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                EXECUTABLE.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--user-data-dir=" + Files.createTempDirectory(workDir, "profile")));
    command.addAll(List.of(args));
    Process process =
        new ProcessBuilder(command)
            .redirectOutput(output.toFile())
            .redirectError(workDir.resolve(output.getFileName() + ".stderr").toFile())
            .start();
    if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      throw new AssertionError(
          "chromium did not finish within " + TIMEOUT_SECONDS + " s: " + command);
    }
    if (process.exitValue() != 0) {
      throw new AssertionError(
          "chromium exited with "
              + process.exitValue()
              + ": "
              + command
              + "\n"
              + Files.readString(workDir.resolve(output.getFileName() + ".stderr")));
    }
  }

  private static String unescape(String html) {
    return html.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&");
  }
}
