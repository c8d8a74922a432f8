/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import java.util.ArrayList;
import java.util.List;

import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.task.Policy;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Distribution;
import org.schedlab.sim.workload.Program;

/**
 * The machine's own work beside the workload (kernel threads, the bottom halves of interrupts, the other programs
 * of a real machine), when its profile measures it ({@link CostKey#BACKGROUND_INTERVAL},
 * {@link CostKey#BACKGROUND_RUN}): one kernel thread per CPU, bound to it as a per-CPU kworker is, that sleeps an
 * exponential time of the interval's mean and then runs an exponential time of the run's mean, for ever; at boot it
 * is found in a sleep (the state it is in at most moments), not runnable as the workload's tasks are. Kernel
 * threads have no mm (they borrow the previous task's, lazy TLB), count no task of the workload's (a run still ends
 * when the workload's tasks have exited) and no per-task metric; their CPU time and switches are the CPUs'.
 */
final class BackgroundWork {

    private BackgroundWork() {
    }

    /** @return the kernel threads to boot, none when the profile has no background work */
    static List<Task> kworkers(KernelImpl k) {
        long interval = k.costs().cycles(CostKey.BACKGROUND_INTERVAL);
        long run = k.costs().cycles(CostKey.BACKGROUND_RUN);
        if (interval <= 0 || run <= 0) {
            return List.of();
        }
        Action.Sleep sleep = new Action.Sleep(new Distribution.Exponential(interval));
        // found asleep at boot (Interpreter.bootAsleep), then runs and sleeps in turn
        Program p = new Program("kworker", List.of(sleep, Action.Loop.forever(
                new Action.Compute(new Distribution.Exponential(run), false), sleep)));
        int n = k.machine().nrCpus();
        List<Task> out = new ArrayList<>(n);
        for (int cpu = 0; cpu < n; cpu++) {
            Task t = k.newTask("kworker/" + cpu, p, null);
            k.liveTasks--; // not the workload's: the run ends when the workload's tasks have exited
            ((TaskContext) KernelMutators.task().context(t)).kernelThread = true;
            KernelMutators.task().setSchedAttributes(t, Policy.OTHER, 0, 0);
            long[] mask = new long[(n + 63) / 64];
            mask[cpu / 64] = 1L << (cpu % 64);
            KernelMutators.task().setAllowed(t, mask);
            t.setProcessor(cpu);
            out.add(t);
        }
        return out;
    }
}
