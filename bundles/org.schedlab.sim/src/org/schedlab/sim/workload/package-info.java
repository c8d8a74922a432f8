/**
 * Workloads: thread groups running programs of {@link org.schedlab.sim.workload.Action}s. Workload objects
 * (channels, locks, barriers) are descriptors without run state, so one workload can be simulated many
 * times, in parallel.
 */
package org.schedlab.sim.workload;
