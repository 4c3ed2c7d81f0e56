/**
 * Comparing a candidate run with a baseline: the same figures side by side with their change, and
 * thresholds relative to the baseline ({@code e2e.p99 <= baseline + 10%}).
 */
package io.brokerbench.compare;
