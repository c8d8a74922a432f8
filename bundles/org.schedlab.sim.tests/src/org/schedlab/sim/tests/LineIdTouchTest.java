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
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.memory.CacheLine;
import org.schedlab.sim.memory.MemoryGeometry;
import org.schedlab.sim.memory.MemorySystem;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.spi.Scheduler;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/** Touching lines by id ({@code Kernel.touch(.., int, ..)}, {@code touchWalk}) does what touching the objects does. */
class LineIdTouchTest {
    /** How the wrapped scheduler names the lines it touches. */
    private enum Path { NONE, OBJECTS, IDS }

    @Test
    void idsChargeAndChangeTheCachesAsTheLineObjectsDo() {
        SimResult objects = run(Path.OBJECTS, false);
        SimResult ids = run(Path.IDS, false);
        SimResult none = run(Path.NONE, false);
        assertTrue(objects.metrics().engineCounters().getOrDefault("memory_misses", 0L) > 1000, "the scans miss");
        assertNotEquals(none.metrics(), objects.metrics(), "the touches change the run");
        assertEquals(objects.metrics(), ids.metrics(), "the same charges, misses, transfers and bus traffic");
        assertEquals(objects.eventsProcessed(), ids.eventsProcessed());
    }

    @Test
    void aWalkWhoseFieldsShareTheLinksLineChargesAsTheLineObjectsDo() {
        SimResult objects = run(Path.OBJECTS, true);
        SimResult ids = run(Path.IDS, true);
        assertEquals(objects.metrics(), ids.metrics(), "the same charges, misses, transfers and bus traffic");
        assertEquals(objects.eventsProcessed(), ids.eventsProcessed());
    }

    @Test
    void aReadAgainIsTheHitARepeatedReadIs() {
        MemorySystem a = piii();
        MemorySystem b = piii();
        for (MemorySystem m : new MemorySystem[] {a, b}) {
            for (int i = 0; i < 40; i++) {
                m.blockLine(i, 64, "link " + i);
            }
        }
        for (int r = 0; r < 3; r++) {
            for (int i = 0; i < 40; i++) {
                int cpu = (i + r) % 4;
                long t = 1_000L * (40 * r + i);
                assertEquals(a.read(cpu, i, t), b.read(cpu, i, t));
                assertEquals(a.read(cpu, i, t), b.readAgain());
                if (i % 7 == 0) {
                    assertEquals(a.write(cpu, i, t), b.write(cpu, i, t));
                }
            }
        }
        assertEquals(a.stats(), b.stats());
    }

    @Test
    void anUnknownIdIsRefused() {
        MemorySystem m = piii();
        CacheLine l = m.staticLine("runqueue_head");
        var e = assertThrows(IllegalArgumentException.class, () -> m.read(0, l.id() + 1, 1_000));
        assertTrue(e.getMessage().contains("no cache line " + (l.id() + 1)), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> m.write(0, -1, 1_000));
    }

    private static MemorySystem piii() {
        return new MemorySystem(new MemoryGeometry(true, 256, 8, 32, 1, 8192), new int[] {0, 1, 2, 3}, 165, 214, 40,
                40, 1);
    }

    /**
     * 24 yielding tasks on 4 CPUs of the PIII-700 (memory model on); each schedule() walks every task's lines (with
     * {@code linkAgain}, the link's line is the first of the fields' lines too, as in 2.4's task_struct).
     */
    private static SimResult run(Path path, boolean linkAgain) {
        MachineProfile m = MachineProfile.piii700().withCpus(4);
        Program p = Program.of("y", Action.Loop.forever(Action.Compute.ns(Time.us(200)), new Action.Yield()));
        Workload w = Workload.of("w", ThreadGroup.processes("t", 24, p));
        return Sims.run(Sims.engine("walk", k -> new Walking(k, path, linkAgain)), m, w, Time.ms(40));
    }

    /**
     * Round robin whose schedule() first walks every task: the link line (a dependent load), then three field
     * lines in parallel (named with a repeat in the object path, as a goodness() evaluation may), then writes
     * the previous task's link.
     */
    private static final class Walking implements Scheduler {
        private final Kernel kernel;
        private final Path path;
        private final boolean linkAgain;
        private final Scheduler rr;
        private final Map<Task, CacheLine[]> lines = new HashMap<>();

        Walking(Kernel kernel, Path path, boolean linkAgain) {
            this.rr = Sims.rrScheduler(kernel);
            this.kernel = kernel;
            this.path = path;
            this.linkAgain = linkAgain;
        }

        @Override
        public void initTask(Task p) {
            rr.initTask(p);
        }

        @Override
        public void wakeUpNewTask(Task child, Task parent, Cpu cpu) {
            rr.wakeUpNewTask(child, parent, cpu);
        }

        @Override
        public void tryToWakeUp(Task p, Cpu waker, boolean sync) {
            rr.tryToWakeUp(p, waker, sync);
        }

        @Override
        public void sysSchedYield(Task p, Cpu cpu) {
            rr.sysSchedYield(p, cpu);
        }

        @Override
        public void schedulerTick(Cpu cpu, Task curr) {
            rr.schedulerTick(cpu, curr);
        }

        @Override
        public void exit(Task p, Cpu cpu) {
            rr.exit(p, cpu);
        }

        @Override
        public int nrRunning(Cpu cpu) {
            return rr.nrRunning(cpu);
        }

        @Override
        public boolean onRunQueue(Task p) {
            return rr.onRunQueue(p);
        }

        @Override
        public Task schedule(Cpu cpu, Task prev) {
            for (Task t : kernel.allTasks()) {
                CacheLine[] ls = lines.computeIfAbsent(t, x -> new CacheLine[] {kernel.taskLine(x, 60, "link"),
                        kernel.taskLine(x, 0, "state"), kernel.taskLine(x, 1100, "mm"), kernel.taskLine(x, 156, "policy")});
                if (path == Path.OBJECTS && linkAgain) {
                    kernel.touch(cpu, SchedFn.SCAN, ls[0], false);
                    kernel.touchParallel(cpu, SchedFn.SCAN, new CacheLine[] {ls[0], ls[1], ls[2], ls[1], ls[3]}, 5);
                } else if (path == Path.OBJECTS) {
                    kernel.touch(cpu, SchedFn.SCAN, ls[0], false);
                    kernel.touchParallel(cpu, SchedFn.SCAN, new CacheLine[] {ls[1], ls[2], ls[1], ls[3]}, 4);
                } else if (path == Path.IDS && linkAgain) {
                    kernel.touchWalk(cpu, SchedFn.SCAN, ls[0].id(),
                            new int[] {ls[0].id(), ls[1].id(), ls[2].id(), ls[3].id()}, 4);
                } else if (path == Path.IDS) {
                    kernel.touchWalk(cpu, SchedFn.SCAN, ls[0].id(), new int[] {ls[1].id(), ls[2].id(), ls[3].id()}, 3);
                }
            }
            CacheLine[] prevLines = lines.get(prev);
            if (prevLines != null && path == Path.OBJECTS) {
                kernel.touch(cpu, SchedFn.SCHEDULE, prevLines[0], true);
            } else if (prevLines != null && path == Path.IDS) {
                kernel.touch(cpu, SchedFn.SCHEDULE, prevLines[0].id(), true);
            }
            return rr.schedule(cpu, prev);
        }
    }
}
