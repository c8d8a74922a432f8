/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.goodness.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.engine.goodness.GoodnessScheduler;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.memory.MemoryGeometry;
import org.schedlab.sim.metrics.LockResult;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.testing.SmallWorkloads;
import org.schedlab.sim.workload.Workload;

/** runqueue_lock is held across the whole O(n) scan, so other CPUs spin on it (real simulation). */
class RunqueueLockTest {
    private static LockResult runqueueLock(SimResult r) {
        return r.metrics().locks().stream().filter(l -> l.name().equals("runqueue_lock")).findFirst().orElseThrow();
    }

    @Test
    void holdTimeGrowsWithTheRunQueueAndOtherCpusSpin() {
        SimResult small = GoodnessRuns.run(4, "2.4.18-pre4", SmallWorkloads.yieldStorm(40, 20), 50 * Time.MS);
        SimResult large = GoodnessRuns.run(4, "2.4.18-pre4", SmallWorkloads.yieldStorm(400, 20), 50 * Time.MS);
        LockResult s = runqueueLock(small);
        LockResult l = runqueueLock(large);
        double holdSmall = (double) s.holdNs() / s.acquisitions();
        double holdLarge = (double) l.holdNs() / l.acquisitions();
        assertTrue(holdLarge > 5 * holdSmall, "mean hold " + holdSmall + " ns vs " + holdLarge + " ns");
        assertTrue(l.contended() > 0 && l.spinNs() > 0, "4 CPUs yielding contend: " + l);
        assertTrue(large.metrics().cycles(SchedFn.LOCK_SPIN) > small.metrics().cycles(SchedFn.LOCK_SPIN));
        long evaluations = large.metrics().engineCounters().get(GoodnessScheduler.EVALUATIONS);
        assertTrue(evaluations > 100L * large.metrics().contextSwitches(),
                "each schedule() scores the ~400 runnable threads: " + evaluations);
    }

    /**
     * On SMP each scan reads the goodness() cache line of every queued task; a line another CPU wrote since
     * (it ran, ticked, yielded or was woken there) comes over the bus and is charged under the lock.
     */
    @Test
    void smpScansPayForTaskLinesOtherCpusWrote() {
        MachineProfile off = MachineProfile.piii700().withMemory(MemoryGeometry.OFF);
        Workload storm = SmallWorkloads.yieldStorm(100, 20);
        SimResult up = GoodnessRuns.runOn(off.withCpus(1), "2.4.18-pre4", storm, 0, 50 * Time.MS);
        SimResult smp = GoodnessRuns.runOn(off.withCpus(4), "2.4.18-pre4", storm, 0, 50 * Time.MS);
        assertEquals(0L, up.metrics().engineCounters().get(GoodnessScheduler.LINE_MISSES), "one cache, no transfers");
        long misses = smp.metrics().engineCounters().get(GoodnessScheduler.LINE_MISSES);
        long evaluations = smp.metrics().engineCounters().get(GoodnessScheduler.EVALUATIONS);
        assertTrue(misses > smp.metrics().contextSwitches(), "several lines per schedule() were written elsewhere: "
                + misses);
        assertTrue(misses < evaluations / 2, "a line this CPU still holds is a hit: " + misses + " of " + evaluations);
        double upScanPerEval = (double) up.metrics().cycles(SchedFn.SCAN)
                / up.metrics().engineCounters().get(GoodnessScheduler.EVALUATIONS);
        double smpScanPerEval = (double) smp.metrics().cycles(SchedFn.SCAN) / evaluations;
        assertTrue(smpScanPerEval > upScanPerEval + 1, "transfers are charged to the scan: " + upScanPerEval
                + " vs " + smpScanPerEval + " cycles per evaluation");
    }

    /**
     * With the memory model on, the same scans find the lines in the hierarchy: on UP a short run list stays
     * in the cache (the task lines of 8 KB-aligned blocks share 16 sets of 8 ways on the PIII's 1 MB L2), a
     * long one does not; on SMP lines other CPUs wrote come Modified from their caches.
     */
    @Test
    void withTheMemoryModelScansMissWhenTheListOutgrowsTheCacheOrOthersWrote() {
        SimResult shortUp = GoodnessRuns.run(1, "2.4.18-pre4", SmallWorkloads.yieldStorm(40, 20), 50 * Time.MS);
        SimResult longUp = GoodnessRuns.run(1, "2.4.18-pre4", SmallWorkloads.yieldStorm(400, 20), 50 * Time.MS);
        SimResult smp = GoodnessRuns.run(4, "2.4.18-pre4", SmallWorkloads.yieldStorm(40, 20), 50 * Time.MS);
        double shortRate = missesPerEvaluation(shortUp);
        double longRate = missesPerEvaluation(longUp);
        assertTrue(shortRate < 0.05, "40 task lines fit: " + shortRate);
        assertTrue(longRate > 0.5, "400 task lines thrash 16 sets: " + longRate);
        assertEquals(0L, shortUp.metrics().engineCounters().get("cache_transfers"), "one cache");
        assertTrue(smp.metrics().engineCounters().get("cache_transfers") > smp.metrics().contextSwitches(),
                "several lines per schedule() come from other CPUs");
        assertTrue(missesPerEvaluation(smp) > shortRate);
    }

    private static double missesPerEvaluation(SimResult r) {
        return (double) r.metrics().engineCounters().get(GoodnessScheduler.LINE_MISSES)
                / r.metrics().engineCounters().get(GoodnessScheduler.EVALUATIONS);
    }
}
