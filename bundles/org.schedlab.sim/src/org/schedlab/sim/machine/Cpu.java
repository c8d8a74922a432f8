/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.machine;

import org.schedlab.sim.task.Mm;
import org.schedlab.sim.task.Task;

/**
 * One logical CPU. Engines read the first group of methods; the group marked "simulation kernel" is
 * maintained by the kernel: package-private, so engines cannot call it, and reached by the kernel through
 * {@link #kernelOps()}.
 *
 * <p>The cursor ({@link #now()}) is where this CPU's timeline stands: a kernel path runs atomically at
 * the event that started it and advances the cursor by the cycles it is charged. Time is booked in four
 * buckets (user, kernel, spin, idle) whose sum always equals the time accounted so far.
 */
public final class Cpu {
    /** What the CPU is doing between events. */
    public enum Mode {
        /** Running a kernel path (only during event processing). */
        KERNEL,
        /** Running the current task's user code since {@link #segmentStart()}. */
        USER,
        /** In the idle loop since {@link #segmentStart()}. */
        IDLE
    }

    private final int id;
    private final int coreId;
    private final long mhz;
    /** 1 / mhz: {@link #chargeCycles} divides by multiplying (then corrects the quotient exactly). */
    /** {@code scaled / mhz} as {@code multiplyHigh(scaled, mhzMagic) >> mhzShift} below 2^50 ({@link #divideByMhz}). */
    private final long mhzMagic;
    private final int mhzShift;
    private Task curr;
    private Task idle;
    private boolean needResched;
    private boolean polling;
    private boolean halted;
    private long cursor;
    private long carry;
    private long lastSchedule;
    private Object rq;
    private Mode mode = Mode.KERNEL;
    private long segmentStart;
    private Mm activeMm;
    private long userNs;
    private long kernelNs;
    private long spinNs;
    private long idleNs;

    /**
     * The methods of this class that only the simulation kernel may call, as one handle ({@link #kernelOps()}).
     * Not API: an engine cannot obtain it.
     */
    public interface KernelOps {
        long chargeCycles(Cpu c, long cycles);

        void chargeKernelNs(Cpu c, long ns);

        void chargeSpinNs(Cpu c, long ns);

        void chargeIdleNs(Cpu c, long ns);

        void beginSegment(Cpu c, Cpu.Mode m);

        long endSegment(Cpu c, long t);

        void setCurr(Cpu c, Task t);

        void setIdle(Cpu c, Task t);

        void setPolling(Cpu c, boolean polling);

        void setHalted(Cpu c, boolean halted);

        void setLastSchedule(Cpu c, long t);

        void setActiveMm(Cpu c, Mm mm);
    }

    private static final java.util.concurrent.atomic.AtomicBoolean KERNEL_OPS_TAKEN =
            new java.util.concurrent.atomic.AtomicBoolean();

    /**
     * Hands the kernel-only methods to the simulation kernel, which takes them once when it is loaded
     * (org.schedlab.sim.internal); every later call throws. Not API.
     *
     * @throws IllegalStateException when they were taken already
     */
    public static KernelOps kernelOps() {
        if (!KERNEL_OPS_TAKEN.compareAndSet(false, true)) {
            throw new IllegalStateException("Cpu's kernel operations are taken already");
        }
        return new KernelOps() {
            @Override
            public long chargeCycles(Cpu c, long cycles) {
                return c.chargeCycles(cycles);
            }

            @Override
            public void chargeKernelNs(Cpu c, long ns) {
                c.chargeKernelNs(ns);
            }

            @Override
            public void chargeSpinNs(Cpu c, long ns) {
                c.chargeSpinNs(ns);
            }

            @Override
            public void chargeIdleNs(Cpu c, long ns) {
                c.chargeIdleNs(ns);
            }

            @Override
            public void beginSegment(Cpu c, Mode m) {
                c.beginSegment(m);
            }

            @Override
            public long endSegment(Cpu c, long t) {
                return c.endSegment(t);
            }

            @Override
            public void setCurr(Cpu c, Task t) {
                c.setCurr(t);
            }

            @Override
            public void setIdle(Cpu c, Task t) {
                c.setIdle(t);
            }

            @Override
            public void setPolling(Cpu c, boolean polling) {
                c.setPolling(polling);
            }

            @Override
            public void setHalted(Cpu c, boolean halted) {
                c.setHalted(halted);
            }

            @Override
            public void setLastSchedule(Cpu c, long t) {
                c.setLastSchedule(t);
            }

            @Override
            public void setActiveMm(Cpu c, Mm mm) {
                c.setActiveMm(mm);
            }
        };
    }

    public Cpu(int id, int coreId, long mhz) {
        this.id = id;
        this.coreId = coreId;
        this.mhz = mhz;
        int l = 64 - Long.numberOfLeadingZeros(Math.max(1, mhz - 1)); // ceil(log2 mhz)
        this.mhzShift = mhz >= 3 ? l - 2 : -1;
        this.mhzMagic = mhz >= 3 ? java.math.BigInteger.ONE.shiftLeft(62 + l).add(java.math.BigInteger.valueOf(mhz - 1))
                .divide(java.math.BigInteger.valueOf(mhz)).longValueExact() : 0;
    }

    /** @return the CPU number */
    public int id() {
        return id;
    }

    /** @return the physical core (hyper-threading siblings share it) */
    public int coreId() {
        return coreId;
    }

    /** @return the running task (the idle task when idle) */
    public Task curr() {
        return curr;
    }

    /** @return this CPU's idle task */
    public Task idle() {
        return idle;
    }

    /** @return need_resched (TIF_NEED_RESCHED) of the running task */
    public boolean needResched() {
        return needResched;
    }

    /** Sets or clears need_resched. */
    public void setNeedResched(boolean needResched) {
        this.needResched = needResched;
    }

    /** @return TIF_POLLING_NRFLAG of the idle task (false while a task runs) */
    public boolean polling() {
        return polling;
    }

    /** @return true when the running task is the idle task */
    public boolean isIdle() {
        return curr == idle;
    }

    /** @return this CPU's cursor in ns */
    public long now() {
        return cursor;
    }

    /** @return cursor time of the last context switch (2.4 last_schedule) */
    public long lastSchedule() {
        return lastSchedule;
    }

    /** @return the engine-private per-CPU run queue */
    public Object rq() {
        return rq;
    }

    /** Sets the engine-private per-CPU run queue. */
    public void setRq(Object rq) {
        this.rq = rq;
    }

    /** @return clock in MHz */
    public long mhz() {
        return mhz;
    }

    /** @return true while halted in the idle loop (hlt, PAL_HALT_LIGHT) */
    public boolean halted() {
        return halted;
    }

    /** @return what the CPU does between events */
    public Mode mode() {
        return mode;
    }

    /** @return start of the current user or idle segment */
    public long segmentStart() {
        return segmentStart;
    }

    /** @return the address space loaded (lazy TLB: kept while idle) */
    public Mm activeMm() {
        return activeMm;
    }

    /** @return user time booked, ns */
    public long userNs() {
        return userNs;
    }

    /** @return kernel time booked (without lock spinning), ns */
    public long kernelNs() {
        return kernelNs;
    }

    /** @return kernel spinlock spinning booked, ns */
    public long spinNs() {
        return spinNs;
    }

    /** @return idle time booked, ns */
    public long idleNs() {
        return idleNs;
    }

    /** @return user + kernel + spin + idle, ns: equals the cursor when the books balance */
    public long accountedNs() {
        return userNs + kernelNs + spinNs + idleNs;
    }

    // ---- simulation kernel only ---------------------------------------------------------------

    /** Simulation kernel: converts {@code cycles} to ns at this clock (carrying the remainder), books it as kernel time. */
    long chargeCycles(long cycles) {
        long scaled = cycles * 1000 + carry;
        long ns = divideByMhz(scaled);
        carry = scaled - ns * mhz;
        cursor += ns;
        kernelNs += ns;
        return ns;
    }

    /**
     * @return {@code scaled / mhz}, exactly as the integer division gives it: below 2^50 the high half of a
     *         multiplication by the magic number ceil(2^(62 + l) / mhz), l = ceil(log2 mhz), shifted right by l - 2
     *         (its excess over scaled / mhz stays below 2^-(12 + l) < 1 / mhz, so the floor is exact); a 64-bit
     *         division costs several times more, and every charge makes one
     */
    private long divideByMhz(long scaled) {
        if (scaled < 0 || scaled >= 1L << 50 || mhzShift < 0) {
            return scaled / mhz;
        }
        return Math.multiplyHigh(scaled, mhzMagic) >> mhzShift;
    }

    /** Simulation kernel: books {@code ns} of kernel time. */
    void chargeKernelNs(long ns) {
        cursor += ns;
        kernelNs += ns;
    }

    /** Simulation kernel: books {@code ns} of spinning. */
    void chargeSpinNs(long ns) {
        cursor += ns;
        spinNs += ns;
    }

    /** Simulation kernel: books {@code ns} of idle time (e.g. halt wake-up latency). */
    void chargeIdleNs(long ns) {
        cursor += ns;
        idleNs += ns;
    }

    /** Simulation kernel: starts a user or idle segment at the cursor. */
    void beginSegment(Mode m) {
        mode = m;
        segmentStart = cursor;
    }

    /**
     * Simulation kernel: ends the current segment at {@code t} (>= cursor), booking it as user or idle
     * time, and returns its length; the CPU is in kernel mode after.
     */
    long endSegment(long t) {
        long len = t - segmentStart;
        if (mode == Mode.USER) {
            userNs += len;
        } else if (mode == Mode.IDLE) {
            idleNs += len;
        }
        cursor = t;
        mode = Mode.KERNEL;
        return len;
    }

    /** Simulation kernel: sets the running task. */
    void setCurr(Task t) {
        this.curr = t;
    }

    /** Simulation kernel: sets the idle task. */
    void setIdle(Task t) {
        this.idle = t;
    }

    /** Simulation kernel: sets TIF_POLLING_NRFLAG. */
    void setPolling(boolean polling) {
        this.polling = polling;
    }

    /** Simulation kernel: sets the halted state. */
    void setHalted(boolean halted) {
        this.halted = halted;
    }

    /** Simulation kernel: records the time of a context switch. */
    void setLastSchedule(long t) {
        this.lastSchedule = t;
    }

    /** Simulation kernel: sets the loaded address space. */
    void setActiveMm(Mm mm) {
        this.activeMm = mm;
    }

    @Override
    public String toString() {
        return "cpu" + id;
    }
}
