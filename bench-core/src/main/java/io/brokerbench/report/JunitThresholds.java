package io.brokerbench.report;

import io.brokerbench.result.RunResult;
import io.brokerbench.result.ThresholdOutcome;
import io.brokerbench.result.Validity;
import io.brokerbench.result.Warning;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * Writes a run's thresholds as a JUnit XML report, the format CI servers show as tests (Jenkins,
 * GitLab, GitHub test-report actions), as Gatling's {@code assertions.xml} does: one test case per
 * threshold, failed with its message when it does not hold or was not measured, one for the run's
 * status, so a run that failed or was interrupted is never green, and one for its validity, so a
 * pass on a suspect run is not green either. Written only for a run with thresholds.
 */
public final class JunitThresholds implements ReportSink {
  private final Path file;

  /** A sink writing the report to {@code file}. */
  public JunitThresholds(Path file) {
    this.file = file;
  }

  @Override
  public void finished(RunResult result) throws IOException {
    if (!result.verdict().thresholds().isEmpty()) {
      write(result, file);
    }
  }

  /** Writes the report of {@code result}'s thresholds to {@code file}. */
  public static void write(RunResult result, Path file) throws IOException {
    int failures = (int) result.verdict().thresholds().stream().filter(t -> !t.passed()).count();
    boolean completed = RunResult.COMPLETED.equals(result.ending().status());
    if (!completed) {
      failures++;
    }
    Validity validity = result.validity();
    if (!validity.valid()) {
      failures++;
    }
    int tests = result.verdict().thresholds().size() + 2;
    try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
      xml.writeStartDocument("UTF-8", "1.0");
      xml.writeCharacters("\n");
      xml.writeStartElement("testsuite");
      xml.writeAttribute("name", "brokerbench thresholds");
      xml.writeAttribute("tests", String.valueOf(tests));
      xml.writeAttribute("failures", String.valueOf(failures));
      xml.writeAttribute("errors", "0");
      xml.writeAttribute("skipped", "0");
      xml.writeAttribute("time", seconds(result.figures().totals().sendSeconds()));
      xml.writeCharacters("\n");
      testCase(
          xml,
          "run status is " + RunResult.COMPLETED,
          completed ? null : "the run is " + result.ending().status() + failureReason(result),
          "status");
      testCase(
          xml,
          "run is " + Validity.VALID,
          validity.valid()
              ? null
              : "the run is suspect: "
                  + String.join(" ", validity.reasons().stream().map(Warning::message).toList()),
          "validity");
      for (ThresholdOutcome t : result.verdict().thresholds()) {
        testCase(xml, t.threshold(), t.passed() ? null : t.message(), "threshold");
      }
      xml.writeEndElement();
      xml.writeEndDocument();
      xml.close();
      out.write('\n');
    } catch (XMLStreamException e) {
      throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }

  private static String failureReason(RunResult result) {
    return result.ending().error() == null ? "" : ": " + result.ending().error();
  }

  private static void testCase(XMLStreamWriter xml, String name, String failure, String type)
      throws XMLStreamException {
    xml.writeCharacters("  ");
    if (failure == null) {
      xml.writeEmptyElement("testcase");
      testCaseAttributes(xml, name);
    } else {
      xml.writeStartElement("testcase");
      testCaseAttributes(xml, name);
      xml.writeStartElement("failure");
      xml.writeAttribute("message", failure);
      xml.writeAttribute("type", type);
      xml.writeCharacters(failure);
      xml.writeEndElement();
      xml.writeEndElement();
    }
    xml.writeCharacters("\n");
  }

  private static void testCaseAttributes(XMLStreamWriter xml, String name)
      throws XMLStreamException {
    xml.writeAttribute("classname", "brokerbench.thresholds");
    xml.writeAttribute("name", name);
    xml.writeAttribute("time", "0");
  }

  private static String seconds(double seconds) {
    return String.format(Locale.ROOT, "%.3f", seconds);
  }
}
