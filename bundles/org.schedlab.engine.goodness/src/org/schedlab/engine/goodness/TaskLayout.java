/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.goodness;

/**
 * Where the task_struct fields the scheduler reads and writes lie (i386, byte offsets from the start of the
 * task_struct, which opens the task's 8 KB task-and-stack block). With 32-byte lines the 2.2/2.3 layout spreads
 * them over five lines, the 2.4 layout packs them into one "needed for the goodness() loop".
 *
 * <ul>
 * <li>2.2.16 / 2.3.5 include/linux/sched.h [V]: state 0, need_resched 20, counter 24, priority 28, has_cpu 40,
 * processor 44, next_run / prev_run 64 and 68, policy 156 (after the process links, pid hash and wait fields);
 * mm after the thread_struct, about 1,100 [I: summed from the i386 field sizes]; Davide Libenzi's slotizer appends
 * its slot links after sas_ss_size at the end, about 1,220 [I].</li>
 * <li>2.4 [V]: state 0, need_resched 20; counter 32, nice 36, policy 40, mm 44, processor 48, cpus_runnable 52,
 * cpus_allowed 56, run_list 60.</li>
 * </ul>
 */
enum TaskLayout {
    V22(24, 40, 64, 156, 1_100, 1_220),
    V24(32, 48, 60, 40, 44, 60);

    /** The fields, in the order of {@link #offsets()}. */
    enum Field { STATE, COUNTER, CPU, LINKS, POLICY, MM, SLOT_LINKS }

    private final int[] offsets;

    TaskLayout(int counter, int cpu, int links, int policy, int mm, int slotLinks) {
        this.offsets = new int[] {0, counter, cpu, links, policy, mm, slotLinks};
    }

    /** @return the byte offset of each {@link Field}, by ordinal */
    int[] offsets() {
        return offsets.clone();
    }

    static TaskLayout of(KernelVersion v) {
        return v.is24() ? V24 : V22;
    }
}
