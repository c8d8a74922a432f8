/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.metrics.TaskResult;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.ImageSize;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/** lat_proc's fork+exit loop with the process image in the memory model, end to end. */
class ProcessImageRunTest {
    private static final long RUN_NS = 20_000_000;

    /** Puts every forked child on the last CPU (as 2.4's reschedule_idle does on an idle 2-way). */
    private static final class ChildAway extends PinnedScheduler {
        ChildAway(Kernel kernel) {
            super(kernel, 1_000);
        }

        @Override
        public void wakeUpNewTask(Task child, Task parent, Cpu cpu) {
            child.setProcessor(kernel.machine().nrCpus() - 1);
            tryToWakeUp(child, cpu, false);
        }
    }

    private static Workload latProc() {
        Program child = Program.of("child", new Action.Exit());
        return Workload.of("lat_proc", ThreadGroup.processes("lat_proc", 1, Program.of("lat_proc",
                Action.Loop.forever(new Action.Fork(child, false), new Action.Wait(), new Action.Count("it", 1)))));
    }

    private static SimResult run(MachineProfile m) {
        return Sims.run(Sims.engine("away", ChildAway::new), m, latProc(), RUN_NS);
    }

    private static SimResult run(MachineProfile m, ImageSize size) {
        Workload w = latProc();
        Workload sized = new Workload(w.name(), List.of(w.groups().get(0).withImage(size)));
        return Sims.run(Sims.engine("away", ChildAway::new), m, sized, RUN_NS);
    }

    private static long counter(SimResult r, String name) {
        return r.metrics().engineCounters().getOrDefault(name, 0L);
    }

    private static long iterations(SimResult r) {
        return r.metrics().counters().get("it");
    }

    @Test
    void aChildOnTheOtherCpuPullsItsImageOverTheBus() {
        SimResult r = run(MachineProfile.piii700().withCpus(2));
        long it = iterations(r);
        assertTrue(it > 20, "iterations " + it);
        // struct page counts go back and forth (get_page on the parent's CPU, put_page on the child's), the page
        // directory, page tables, task_struct and the slab objects follow
        assertTrue(counter(r, "cache_transfers") > 2L * 100 * it,
                counter(r, "cache_transfers") + " transfers in " + it + " iterations");
    }

    @Test
    void aLargerImageMovesMoreLinesPerFork() {
        MachineProfile m = MachineProfile.piii700().withCpus(2);
        SimResult small = run(m, new ImageSize(50, 12, 4));
        SimResult large = run(m, new ImageSize(400, 12, 4));
        double perSmall = (double) counter(small, "cache_transfers") / iterations(small);
        double perLarge = (double) counter(large, "cache_transfers") / iterations(large);
        // two struct page lines per present page and iteration, and the child's PTE lines
        assertTrue(perLarge - perSmall > 2 * 350 * 0.9, perSmall + " against " + perLarge + " transfers per fork");
        assertTrue(iterations(large) < iterations(small));
    }

    @Test
    void anImageIsCheckedWhereItIsMade() {
        assertThrows(IllegalArgumentException.class, () -> new ImageSize(10, 11, 0), "more private than present");
        assertThrows(IllegalArgumentException.class, () -> new ImageSize(10, 4, 5), "more dirty than private");
        assertThrows(IllegalArgumentException.class, () -> new ImageSize(-1, 0, 0));
    }

    @Test
    void onOneCpuTheImageNeverCrosses() {
        SimResult r = run(MachineProfile.piii700().withCpus(1));
        assertTrue(iterations(r) > 20);
        assertEquals(0, counter(r, "cache_transfers"));
    }

    @Test
    void theParentSeesTheZombieOnlyWhenTheChildsExitIsDone() {
        SimResult r = run(MachineProfile.piii700().withCpus(2));
        TaskResult parent = r.metrics().tasks().get(0);
        // every wait4 (but the first, of a cold fork) finds the child still in its do_exit on the other CPU and
        // sleeps until notified
        assertTrue(parent.voluntarySwitches() >= iterations(r) - 2,
                parent.voluntarySwitches() + " sleeps in " + iterations(r) + " iterations");
    }

    @Test
    void withTheMemoryModelOffOnlyTheFixedCostsAreCharged() {
        MachineProfile m = MachineProfile.piii700().withCpus(2);
        SimResult r = run(m.withMemory(m.memory().withEnabled(false)));
        assertFalse(r.metrics().engineCounters().containsKey("cache_transfers"));
        long forks = iterations(r);
        // FORK includes the parent's copy-on-write faults, charged after the wakeup
        long perFork = m.costs().cycles(CostKey.FORK) + m.costs().cycles(CostKey.EXIT);
        long process = r.metrics().fnCycles().get(SchedFn.PROCESS);
        // whole iterations plus the one under way at the end
        assertTrue(process >= forks * perFork && process <= (forks + 1) * perFork,
                process + " cycles for " + forks + " iterations of " + perFork);
    }
}
