package io.brokerbench.workload;

import java.security.SecureRandom;

/**
 * The short random id of one run, and the queue a run uses when it names none: {@code
 * brokerbench-<id>}. Runs beside each other on one broker (parallel CI jobs) then never share a
 * queue by chance: sharing one, each run's consumers take the other's messages, and each counts its
 * own taken ones as lost.
 *
 * <pre>{@code
 * String queue = RunId.defaultQueue(RunId.random()); // brokerbench-k3x09q
 * }</pre>
 */
public final class RunId {
  /** The start of every default queue name. */
  public static final String QUEUE_PREFIX = "brokerbench-";

  /** The default queue name as help texts show it. */
  public static final String DEFAULT_QUEUE_TEXT = QUEUE_PREFIX + "<run id>";

  /** Characters of an id: 36^6, about 2 billion ids, so two runs at once draw the same rarely. */
  public static final int LENGTH = 6;

  // Seeded by the system, not the clock: processes started in the same instant must differ.
  private static final SecureRandom RANDOM = new SecureRandom();

  private RunId() {}

  /** A new id: {@value #LENGTH} random base-36 characters (digits and lower-case letters). */
  public static String random() {
    char[] id = new char[LENGTH];
    for (int i = 0; i < LENGTH; i++) {
      id[i] = Character.forDigit(RANDOM.nextInt(36), 36);
    }
    return new String(id);
  }

  /** The queue of a run with this id that names none: {@code brokerbench-<id>}. */
  public static String defaultQueue(String runId) {
    return QUEUE_PREFIX + runId;
  }
}
