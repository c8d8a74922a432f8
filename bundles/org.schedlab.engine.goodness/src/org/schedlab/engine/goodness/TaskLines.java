/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.goodness;

import java.util.Arrays;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.memory.CacheLine;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.task.Task;

/**
 * The kernel data the 2.2/2.4 scheduler touches, as cache lines. Linux 2.4 include/linux/sched.h groups
 * counter, nice, policy, mm, processor, cpus_runnable, cpus_allowed and run_list in one cache line "needed
 * for the goodness() loop in schedule()"; it is written by whichever CPU runs, ticks, yields, wakes, links or
 * recalculates the task, and read by every CPU that walks the global run queue. Beside it: the run queue's
 * head (init_task's run_list, with nr_running), and each CPU's {@code aligned_data} schedule_data (curr,
 * last_schedule), written at each switch on that CPU and read by reschedule_idle and the 2.4 sys_sched_yield
 * nr_pending loop on the others.
 *
 * <p>With the machine's memory model on, every access goes to the simulation kernel's memory hierarchy
 * ({@link Kernel#touch}): each field lies where {@link TaskLayout} puts it in the task's 8 KB
 * task_struct-and-stack block, so the lines of many tasks compete for a few cache sets (2.2/2.3 spread the
 * fields goodness() tests over four lines, 2.4 packs them into one), the dependent link of a list walk is read
 * before the fields, which the core loads in parallel, and a list operation writes the run_list of its
 * neighbours too. The path being run (set with {@link #at}) names the kernel function the stalls are charged
 * to. Each task keeps its lines' ids ({@link CacheLine#id()}) and the goodness() loads as one list of distinct ids,
 * so a walk step is one {@link Kernel#touchWalk} call that reads no line object.
 *
 * <p>With the model off (and on SMP only): MESI reduced to a set of sharers per task line, a read by a CPU
 * without a valid copy counted as a miss that the scheduler charges as one {@code CACHELINE_TRANSFER};
 * capacity and neighbours are not modelled.
 */
final class TaskLines {
    private static final int FIELDS = TaskLayout.Field.values().length;
    private static final int STATE = TaskLayout.Field.STATE.ordinal();
    private static final int COUNTER = TaskLayout.Field.COUNTER.ordinal();
    private static final int CPU = TaskLayout.Field.CPU.ordinal();
    private static final int LINKS = TaskLayout.Field.LINKS.ordinal();
    private static final int POLICY = TaskLayout.Field.POLICY.ordinal();
    private static final int MM = TaskLayout.Field.MM.ordinal();
    private static final int SLOT_LINKS = TaskLayout.Field.SLOT_LINKS.ordinal();
    private final Kernel kernel;
    private final int[] offsets;
    private final int lineBytes;
    private final boolean smp;
    private final boolean model;
    private final int head;
    private final int[] scheduleData;
    private long misses;
    private long modelMisses;
    private Cpu cpu;
    private SchedFn fn = SchedFn.SCAN;

    TaskLines(Kernel kernel, TaskLayout layout) {
        this.kernel = kernel;
        this.offsets = layout.offsets();
        this.lineBytes = kernel.machine().profile().memory().lineBytes();
        this.smp = kernel.machine().nrCpus() > 1;
        this.model = kernel.memoryModel();
        this.head = id(kernel.kernelLine("runqueue_head"));
        this.scheduleData = new int[kernel.machine().nrCpus()];
        for (int i = 0; i < scheduleData.length; i++) {
            scheduleData[i] = id(kernel.kernelLine("aligned_data[" + i + "]"));
        }
    }

    private TaskLines() {
        this.kernel = null;
        this.offsets = TaskLayout.V24.offsets();
        this.lineBytes = 32;
        this.smp = false;
        this.model = false;
        this.head = -1;
        this.scheduleData = new int[0];
    }

    /** @return lines that track nothing (a goodness() function used on its own, as on UP) */
    static TaskLines off() {
        return new TaskLines();
    }

    /** The path now running: {@code cpu} in {@code fn} (list operations are charged there). */
    void at(Cpu c, SchedFn f) {
        this.cpu = c;
        this.fn = f;
    }

    /** CPU {@code cpuId} wrote field {@code f} of {@code p}: it alone holds that line now. */
    void write(SchedEntity p, int cpuId, TaskLayout.Field f) {
        if (model) {
            kernel.touch(kernel.machine().cpu(cpuId), fn, line(p, f.ordinal()), true);
        } else if (smp) {
            p.lineSharers = bit(cpuId);
        }
    }

    /**
     * CPU {@code cpuId} scores {@code p} in a run-list walk: the link to it is a dependent load, then goodness()
     * and can_schedule() read the task's fields with independent loads the core overlaps.
     */
    void read(SchedEntity p, int cpuId) {
        walk(p, cpuId, LINKS);
    }

    /** The same in the slotizer's slot walk, which follows the slot links at the end of task_struct. */
    void readInSlot(SchedEntity p, int cpuId) {
        walk(p, cpuId, SLOT_LINKS);
    }

    /** CPU {@code cpuId} scores a running {@code p} (reschedule_idle's preemption_goodness): no walk. */
    void readFields(SchedEntity p, int cpuId) {
        walk(p, cpuId, -1);
    }

    private void walk(SchedEntity p, int cpuId, int chain) {
        if (model) {
            int[] ls = lines(p);
            int k = p.goodnessLines;
            long stall = kernel.touchWalk(kernel.machine().cpu(cpuId), fn, chain < 0 ? -1 : ls[k + chain], ls, k);
            if (stall > 0) modelMisses++;
        } else if (smp) {
            long b = bit(cpuId);
            if ((p.lineSharers & b) == 0) {
                misses++;
                p.lineSharers |= b;
            }
        }
    }

    /** A list operation of the running path rewrote {@code p}'s run_list links (the head's for the head). */
    void linked(SchedEntity p) {
        if (model && cpu != null) {
            kernel.touch(cpu, fn, p.owner == null ? head : line(p, LINKS), true);
        }
    }

    /** The slotizer relinked {@code p} in a slot list. */
    void slotLinked(SchedEntity p) {
        if (model && cpu != null && p.owner != null) {
            kernel.touch(cpu, fn, line(p, SLOT_LINKS), true);
        }
    }

    /** CPU {@code cpuId} switched: it wrote its schedule_data (curr, last_schedule). */
    void switched(int cpuId) {
        if (model) {
            kernel.touch(kernel.machine().cpu(cpuId), fn, scheduleData[cpuId], true);
        }
    }

    /** CPU {@code reader} read CPU {@code cpuId}'s schedule_data (cpu_curr, last_schedule). */
    void readScheduleData(int cpuId, Cpu reader) {
        if (model) {
            kernel.touch(reader, fn, scheduleData[cpuId], false);
        }
    }

    /** @return coherence misses counted with the model off (the scheduler charges the difference) */
    long misses() {
        return misses;
    }

    /** @return task-line reads the memory model did not find in the reader's cache (already charged) */
    long modelMisses() {
        return modelMisses;
    }

    /** @return the id of {@code p}'s line of field {@code f} (by ordinal) */
    private int line(SchedEntity p, int f) {
        int[] ls = lines(p); // sets goodnessLines on first use
        return ls[p.goodnessLines + f];
    }

    /**
     * @return {@code p}'s {@link SchedEntity#lineIds}, created on first use: the goodness() loads (counter, policy,
     *         mm and on SMP processor, each line once), then the line of each field (fields in one line share it)
     */
    private int[] lines(SchedEntity p) {
        int[] all = p.lineIds;
        return all != null ? all : newLines(p);
    }

    /** @return {@code p}'s line ids, made now (the first use; {@link #lines} keeps the common case small) */
    private int[] newLines(SchedEntity p) {
        int[] ls = new int[FIELDS];
        if (p.owner instanceof Task t) {
            for (int f = 0; f < FIELDS; f++) {
                int lineStart = offsets[f] / lineBytes * lineBytes;
                ls[f] = -1;
                for (int g = 0; g < f && ls[f] < 0; g++) {
                    if (offsets[g] / lineBytes * lineBytes == lineStart) ls[f] = ls[g];
                }
                if (ls[f] < 0) ls[f] = id(kernel.taskLine(t, lineStart, "task " + t.pid() + " +" + lineStart));
            }
        } else {
            Arrays.fill(ls, head);
        }
        int[] loads = distinct(smp ? new int[] {ls[COUNTER], ls[POLICY], ls[MM], ls[CPU]}
                : new int[] {ls[COUNTER], ls[POLICY], ls[MM]});
        int[] all = Arrays.copyOf(loads, loads.length + FIELDS);
        System.arraycopy(ls, 0, all, loads.length, FIELDS);
        p.goodnessLines = loads.length;
        p.lineIds = all;
        return all;
    }

    /** @return {@code ids} without repeats, in their first order */
    private static int[] distinct(int[] ids) {
        int n = 0;
        for (int i = 0; i < ids.length; i++) {
            boolean seen = false;
            for (int j = 0; j < n; j++) {
                seen |= ids[j] == ids[i];
            }
            if (!seen) ids[n++] = ids[i];
        }
        return Arrays.copyOf(ids, n);
    }

    private static int id(CacheLine l) {
        return l == null ? -1 : l.id();
    }

    private static long bit(int cpu) {
        return 1L << (cpu & 63);
    }
}
