/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.metrics;

import java.util.Map;

/**
 * Per-task figures of a run (times in ns).
 *
 * @param pid                 process id
 * @param name                task name
 * @param cpuNs               time on a CPU (user and kernel on its behalf)
 * @param waitNs              time runnable but not running
 * @param voluntarySwitches   nvcsw: switched out while not RUNNING
 * @param involuntarySwitches nivcsw: switched out while RUNNING (preempted or yielded, as the kernel counts)
 * @param wakeups             wakeups from sleep
 * @param counters            the task's named workload counters: those its program counts (0 when it never
 *                            did in the measured window) and any other it moved
 * @param finalState          state at the end of the run: a {@code TaskState} name, or {@link #EXITED} for a task
 *                            reaped before the end
 */
public record TaskResult(int pid, String name, long cpuNs, long waitNs, long voluntarySwitches,
                         long involuntarySwitches, long wakeups, Map<String, Long> counters, String finalState) {
    /** The final state of a task reaped before the run's end. */
    public static final String EXITED = "EXITED";

    public TaskResult {
        counters = Map.copyOf(counters);
    }

    /** @return whether the task was reaped before the run's end */
    public boolean exited() {
        return EXITED.equals(finalState);
    }

    /** @return the named counter, 0 when absent */
    public long counter(String counterName) {
        return counters.getOrDefault(counterName, 0L);
    }
}
