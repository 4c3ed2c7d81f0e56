/**
 * What happened to a run's connections while it ran, logged as it happens: flow control (the broker
 * blocking publishers or withholding credit) and connection losses with their reconnections, each
 * with its periods and the notices the console prints. Not API.
 */
package io.brokerbench.internal.events;
