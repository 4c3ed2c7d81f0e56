/**
 * The HTML report: {@link io.brokerbench.htmlreport.HtmlReport} turns result files and scenario
 * directories into one page.
 *
 * <p>Concepts a reader needs:
 *
 * <ul>
 *   <li>The page is self-contained: ECharts (from its WebJar), the page's own script and style, and
 *       the data are inlined, so the file can be mailed or attached and opened offline.
 *   <li>Java computes every figure (percentile curves from the decoded histograms, tables, merged
 *       percentiles of repetitions); the page's script only lays them out and draws them.
 *   <li>Latency distributions are drawn as HdrHistogram plots them: latency against {@code 1/(1-p)}
 *       on a log axis, labelled 90%, 99%, 99.9%…, so the tail is visible.
 *   <li>Percentiles are never averaged: cells of a scenario that repeat the same axis values are
 *       combined by adding their histograms.
 * </ul>
 */
package io.brokerbench.htmlreport;
