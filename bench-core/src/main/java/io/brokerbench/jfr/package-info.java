/**
 * JDK Flight Recorder events of a run, so that a recording shows the broker's latency spike beside
 * the JVM's GC pauses and safepoints: the run, each interval's figures, schedule slip beyond a
 * millisecond, notices (flow control, lost connections), and threshold outcomes. Emitted from the
 * run's reporting thread, never per message, and only while a recording is running ({@link
 * io.brokerbench.jfr.FlightRecorderEvents}).
 */
package io.brokerbench.jfr;
