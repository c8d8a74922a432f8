/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.eevdf;

/**
 * The two modelled kernels and what differs between them in kernel/sched/fair.c.
 */
public enum EevdfVersion {
    /** Linux 6.6 (October 2023): the first EEVDF release, with Benjamin Segall's pick_eevdf fix. */
    V6_6("6.6"),
    /**
     * Linux 6.18 as this machine runs it (6.18.44): deadline-sorted tree (6.8), delayed dequeue and relative
     * deadlines on migration (6.12), run-to-parity bounded by the shortest queued slice (6.17), and the
     * yield that forfeits the remaining vruntime (mainline 79104becf42b, backported to 6.18.2).
     */
    V6_18("6.18");

    private final String label;

    EevdfVersion(String label) {
        this.label = label;
    }

    /** @return the kernel version string */
    public String label() { return label; }

    /**
     * @return {@code normalized_sysctl_sched_base_slice}: 0.75 ms in 6.6, 0.70 ms in 6.18 (mainline lowered it; this
     *         machine's 6.18.44 shows se.slice = 1,400,000 ns in /proc/PID/sched on 2 CPUs, 0.7 ms x (1 + ilog2(2)))
     */
    public long normalizedBaseSliceNs() { return this == V6_18 ? 700_000L : 750_000L; }

    /** 6.8+: the tree is keyed by deadline and augmented with min_vruntime (6.6: by vruntime, min_deadline). */
    public boolean treeByDeadline() { return this == V6_18; }

    /** 6.12+: DELAY_DEQUEUE exists (a feature that can be switched off). */
    public boolean hasDelayDequeue() { return this == V6_18; }

    /** 6.12+ PLACE_REL_DEADLINE: a migrating entity keeps its deadline relative to its vruntime. */
    public boolean placeRelDeadline() { return this == V6_18; }

    /**
     * 6.12+ (wake_up_new_task enqueues with ENQUEUE_INITIAL): a new task's first deadline is half a slice away.
     * 6.6's enqueue_entity places every entity again without the flag, so the child gets a full slice.
     */
    public boolean halfSliceForNewTasks() { return this == V6_18; }

    /** 6.17+: protection in vprot (run-to-parity up to the shortest slice, else one base quantum). */
    public boolean hasVprot() { return this == V6_18; }

    /** 6.19 / 6.18.2+: an eligible yielder forfeits its remaining vruntime (vruntime = deadline). */
    public boolean yieldForfeitsVruntime() { return this == V6_18; }

    /** @return the version for a label, or throws IllegalArgumentException */
    public static EevdfVersion of(String label) {
        for (EevdfVersion v : values()) {
            if (v.label.equals(label)) {
                return v;
            }
        }
        throw new IllegalArgumentException("EEVDF engine models 6.18 and 6.6, not " + label);
    }
}
