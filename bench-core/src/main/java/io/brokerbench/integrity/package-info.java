/**
 * Message integrity: lost, duplicated and reordered messages, counted from the per-producer
 * sequence numbers in each message's stamp.
 *
 * <p>Every producer numbers its messages 0, 1, 2, … without gaps. A {@link
 * io.brokerbench.integrity.SequenceTracker} per producer remembers which recent numbers arrived (a
 * sliding bitmap of {@value io.brokerbench.integrity.SequenceTracker#WINDOW} numbers), so a number
 * seen twice is a duplicate (or a counted redelivery when the broker flagged it), a number below
 * the highest seen that fills a gap is out of order, and the gaps left at the end are lost.
 * Messages the broker refused (nacked, returned, failed) are not expected and so not lost.
 */
package io.brokerbench.integrity;
