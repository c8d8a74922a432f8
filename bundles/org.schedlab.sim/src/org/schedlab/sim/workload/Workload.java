/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.workload;

import java.util.List;
import java.util.Objects;

/**
 * The tasks that exist at boot. Holds no run state: one workload can be simulated many times.
 *
 * @param name   for results
 * @param groups thread groups, created in order (pids follow the order)
 */
public record Workload(String name, List<ThreadGroup> groups) {
    public Workload {
        Objects.requireNonNull(name, "name");
        groups = List.copyOf(groups);
    }

    /** @return a workload of these groups */
    public static Workload of(String name, ThreadGroup... groups) {
        return new Workload(name, List.of(groups));
    }

    /** @return the number of tasks at boot */
    public int bootTasks() {
        return groups.stream().mapToInt(ThreadGroup::count).sum();
    }
}
