/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

import java.util.List;
import org.schedlab.host.ProbeRuns.Measured;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.workload.ImageSize;

/**
 * fork, exit and cow_fault of this machine, from {@code hostprobe fork}: the parent's CPU time in fork(), the
 * child's per page it writes that its parent wrote before the fork, and the child's CPU time from _exit to its
 * death (lmbench's lat_proc fork, taken apart). The three are each a single kernel path: copy_process with
 * dup_mmap, do_wp_page with its copy, do_exit with exit_mmap. On a paravirtualised guest every page-table change
 * goes through the host, and they cost tens of times the piii-700 table's (6 December 2026, a PVM guest, five runs of
 * {@code hostprobe fork 32 400}: fork 175 to 192 us, a copy-on-write fault 12.8 to 13.4 us, exit 235 to 265 us).
 *
 * <p>The memory model charges a copied page's lines on top of cow_fault (its reads and writes, eight in flight):
 * they are measured in the model as the difference between a fork-and-wait loop whose process writes
 * {@link #MORE} more pages after each fork and the same loop without, the three keys at 0, and taken off. fork and
 * exit keep the lines the model charges for their own paths (the copied page tables and task structures, the
 * freed pages): a few microseconds against hundreds here, said in the provenance.
 */
final class ProcessCosts {
    /** Pages the child writes: more than the model's default image's dirty pages, so that the fault dominates. */
    static final int PAGES = 32;
    /** Pages more written in the model's second loop, to measure a copy's lines. */
    static final int MORE = 32;

    private final ProbeRuns runs;
    private final SimInversion sim;
    private final List<HostProfile.Setting> settings;
    private final List<String> notes;
    private final double mhz;

    ProcessCosts(ProbeRuns runs, SimInversion sim, List<HostProfile.Setting> settings, List<String> notes,
            double mhz) {
        this.runs = runs;
        this.sim = sim;
        this.settings = settings;
        this.notes = notes;
        this.mhz = mhz;
    }

    /** Measures the three keys with 1/{@code scale} of the probe's 400 forks. */
    void derive(int scale) {
        List<Measured> m = runs.probe("fork, exit and cow_fault", List.of("fork_ns", "cow_ns", "exit_ns",
                "forkexit_ns"), "fork", Integer.toString(PAGES), Integer.toString(400 / scale));
        if (m == null) {
            return;
        }
        Measured fork = m.get(0);
        Measured cow = m.get(1);
        Measured exit = m.get(2);
        double copyLines;
        List<CostKey> zero = List.of(CostKey.COW_FAULT, CostKey.FORK, CostKey.EXIT);
        int dirty = ImageSize.DEFAULT.dirty();
        try {
            copyLines = Math.max(0, sim.simulate(settings, zero, workload(dirty + MORE), "ops")
                    - sim.simulate(settings, zero, workload(dirty), "ops")) / MORE;
        } catch (HostException e) {
            notes.add("fork, exit and cow_fault: " + e.getMessage());
            return;
        }
        long cowFault = CostSettings.cycles(cow.median() - copyLines, mhz);
        CostSettings.put(settings, CostSettings.setting(CostKey.COW_FAULT, cowFault, cow, "median ns of CPU time"
                + " per page a forked child writes that its parent wrote before the fork (" + PAGES + " pages), less"
                + " the memory model's lines of a copied page (" + ProbeRuns.fmt(copyLines) + " ns: a fork-and-wait"
                + " loop on one CPU writing " + MORE + " pages more, simulated with the three keys at 0), x clock"));
        long forkCycles = CostSettings.cycles(fork.median(), mhz) + dirty * cowFault;
        CostSettings.put(settings, CostSettings.setting(CostKey.FORK, forkCycles, fork, "median ns of the"
                + " parent's CPU time in fork() (CLOCK_THREAD_CPUTIME_ID), x clock, plus " + dirty
                + " x cow_fault (fork holds the parent's copy-on-write faults after it returns, which the simulation"
                + " takes off and charges as the parent writes its dirty pages); the model's lines of the copy"
                + " come on top"));
        long syscall = CostSettings.cyclesOf(settings, CostKey.SYSCALL);
        long exitCycles = Math.max(0, CostSettings.cycles(exit.median(), mhz) - syscall);
        CostSettings.put(settings, CostSettings.setting(CostKey.EXIT, exitCycles, exit, "median ns of a child's"
                + " CPU time from _exit to its death (its /proc/PID/schedstat as a zombie, before the wait reaps it,"
                + " less its CLOCK_THREAD_CPUTIME_ID at _exit), x clock, less syscall (" + syscall + " cycles,"
                + " charged beside it); the model's lines of exit_mmap come on top; one fork, exit and wait took "
                + ProbeRuns.fmt(m.get(3).median()) + " ns of wall time (lmbench lat_proc fork's figure)"));
    }

    /**
     * A process on CPU 0 (its children with it, so that the parent's and the child's parts do not overlap) that
     * forks a child that exits at once, waits for it and counts; it writes {@code dirty} pages after each fork.
     */
    static String workload(int dirty) {
        int present = ImageSize.DEFAULT.present();
        int writable = Math.max(ImageSize.DEFAULT.privatePages(), dirty);
        return "workload probe_workload {\n\tprogram child {\n\t\texit\n\t}\n\tprocesses p cpus 0 image(present = "
                + Math.max(present, writable) + ", private = " + writable + ", dirty = " + dirty
                + ") {\n\t\tloop forever {\n\t\t\tfork child\n\t\t\twait\n\t\t\tcount ops\n\t\t}\n\t}\n}";
    }
}
