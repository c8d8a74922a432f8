package org.schedlab.sim.machine;

/** What a CPU's idle loop does (2.6.15 arch/ia64/kernel/process.c and kernel/sched.c resched_task; seed 004). */
public enum IdlePolicy {
    /** poll_idle: spins on need_resched with TIF_POLLING_NRFLAG set; no IPI needed, noticed at once. */
    POLL,
    /** halt (hlt, PAL_HALT_LIGHT) with the flag clear: every remote wakeup sends an IPI, which wakes it. */
    HALT,
    /**
     * The ia64 2.6.15-rc1 bug: the flag is set once, then the CPU halts. resched_task sends nothing;
     * the CPU notices need_resched only at its next interrupt, normally the timer tick.
     */
    HALT_POLLING_FLAG_SET;

    /** @return the value of TIF_POLLING_NRFLAG while idle under this policy */
    public boolean pollingFlag() {
        return this != HALT;
    }

    /** @return true when the idle CPU is halted and needs an interrupt to run again */
    public boolean halts() {
        return this != POLL;
    }
}
