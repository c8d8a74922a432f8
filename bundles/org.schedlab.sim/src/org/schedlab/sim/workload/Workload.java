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
