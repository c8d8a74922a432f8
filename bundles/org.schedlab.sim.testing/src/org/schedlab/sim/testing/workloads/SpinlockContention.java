package org.schedlab.sim.testing.workloads;

import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.UserLock;
import org.schedlab.sim.workload.Workload;

/**
 * Seed 001's user-space spinlock contention (Ivan Schreter, May 2001): N
 * processes share one lock word; each loops taking the lock, working in the
 * critical section, releasing it and working outside. On contention a process
 * calls sched_yield() and tries again: there was no futex in 2.2, so by
 * default the lock never blocks in the kernel. Ivan's figure: 20 contenders
 * ran at 0.7x the rate of 4.
 *
 * <p>The critical-section and outside lengths are not given in the post [U]:
 * parameters, with defaults of a "longer-duration lock" (tens of
 * microseconds) held about half of the time.
 */
public final class SpinlockContention {
    /** The workload counter: critical sections completed. */
    public static final String OPS = "ops";
    /** [U] cycles inside the critical section: 20,000 (about 29 us at 700 MHz). */
    public static final long DEFAULT_CRITICAL_CYCLES = 20_000;
    /** [U] cycles between critical sections: as long as the critical section. */
    public static final long DEFAULT_OUTSIDE_CYCLES = 20_000;

    private SpinlockContention() {
    }

    /**
     * @param processes      contenders (seed 001: 4 and 20)
     * @param criticalCycles user cycles with the lock held
     * @param outsideCycles  user cycles between releases and the next attempt
     * @param spins          spin iterations before the first yield (0: yield at once)
     * @param yields         yields before blocking in the kernel ({@link Integer#MAX_VALUE}: never block)
     */
    public static Workload workload(int processes, long criticalCycles, long outsideCycles, int spins, int yields) {
        UserLock lock = new UserLock("shared");
        Program p = Program.of("contender", Action.Loop.forever(
                new Action.SpinLock(lock, spins, yields),
                Action.Compute.cycles(criticalCycles),
                new Action.SpinUnlock(lock),
                new Action.Count(OPS, 1),
                Action.Compute.cycles(outsideCycles)));
        return Workload.of("spinlock x" + processes, ThreadGroup.processes("contender", processes, p));
    }

    /** Seed 001 with the default lengths: yield at once, never block. */
    public static Workload workload(int processes) {
        return workload(processes, DEFAULT_CRITICAL_CYCLES, DEFAULT_OUTSIDE_CYCLES, 0, Integer.MAX_VALUE);
    }
}
