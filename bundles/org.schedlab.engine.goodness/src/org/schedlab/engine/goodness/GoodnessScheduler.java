/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.goodness;

import java.util.ArrayList;
import java.util.List;

import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.SpinLock;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.spi.Scheduler;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.task.TaskState;

/**
 * One run of the Linux 2.2.16 / 2.3.5 / 2.4.x scheduler: the global run queue
 * under {@code runqueue_lock}, goodness(), the counter recalculation,
 * reschedule_idle with IPIs, and the patches. Version and patch differences
 * are flags read at the places the kernel differs ({@link KernelVersion},
 * {@link PatchSet}); the schedule() search itself is in {@link SchedulePick}.
 *
 * <p>Every path is charged from the cost table: one {@code GOODNESS} per
 * evaluation, one {@code LIST_OP} per list insertion or removal (a move is
 * two), {@code RECALC_PER_TASK} per task recalculated, one
 * {@code CACHELINE_TRANSFER} per task line read on SMP while another CPU holds
 * it modified ({@link TaskLines}); lock acquire, spin and release are charged
 * by the kernel's spinlock.
 *
 * <p>Departures: the scheduler_tick counter decrement is part of the kernel's
 * timer-interrupt cost; the parent gets an exited child's counter at the
 * child's exit rather than when wait4 reaps it (2.2/2.4 release_task).
 */
public final class GoodnessScheduler implements Scheduler {
    /** Engine counter: goodness() evaluations (scan, slot keys, reschedule_idle). */
    public static final String EVALUATIONS = "goodness_evaluations";
    /**
     * Engine counter: task goodness lines a CPU read without a valid copy: another CPU wrote them, or (memory
     * model on) the cache evicted them ({@link TaskLines}).
     */
    public static final String LINE_MISSES = "task_line_misses";
    /** Engine counter: a patch's hook took a path the stock kernel does not (schedlab reproduce: unaffected). */
    public static final String PATCHED_PATHS = "patched_paths";
    /** Engine counter: counter recalculations (the recalculate: loop). */
    public static final String RECALCULATIONS = "recalculations";
    final Kernel kernel;
    final KernelVersion version;
    final PatchSet patches;
    final boolean smp;
    final int hz;
    final Goodness goodness;
    final RunQueue rq;
    final TaskLines lines;
    final SpinLock runqueueLock;
    private final RescheduleIdle rescheduleIdle;
    private final SchedulePick pick;
    private final SchedYield yields = new SchedYield(this);
    final SchedEntity[] switchtoTarget;
    private long evalMark;
    /** Ids of the engine counters (a name lookup per schedule() was 7 % of an 8-way VolanoMark run). */
    private final int evaluationsId;
    private final int lineMissesId;
    private final int patchedPathsId;
    private final int recalculationsId;
    private long slotMark;
    private long missMark;
    int listOps;

    /** Creates the scheduler of one run ({@link GoodnessEngine#create}). */
    public GoodnessScheduler(SchedulerConfig config, Kernel kernel) {
        this.kernel = kernel;
        this.version = KernelVersion.of(config.version());
        if (!config.tunables().isEmpty()) {
            throw new IllegalArgumentException("goodness engine: unknown tunables " + config.tunables().keySet());
        }
        this.patches = PatchSet.of(config.patches(), version);
        this.smp = kernel.machine().nrCpus() > 1;
        this.hz = kernel.machine().hz();
        boolean yieldTest = (version.yieldTestInGoodness() && !patches.hartnerYield()) || patches.schreterV2();
        this.goodness = new Goodness(yieldTest, version.kernelThreadMmBonus(), smp,
                kernel.machine().profile().arch().procChangePenalty());
        this.lines = new TaskLines(kernel, TaskLayout.of(version));
        goodness.setLines(lines);
        this.rq = new RunQueue(patches.slotizer() ? new GoodnessSlots(goodness) : null);
        if (kernel.memoryModel()) {
            rq.onLinked(lines::linked);
            if (rq.slots() != null) rq.slots().onLinked(lines::slotLinked);
        }
        this.runqueueLock = kernel.newLock("runqueue_lock");
        this.rescheduleIdle = new RescheduleIdle(kernel, goodness, version, this::se);
        this.pick = new SchedulePick(this);
        this.switchtoTarget = new SchedEntity[kernel.machine().nrCpus()];
        for (String counter : new String[] {EVALUATIONS, RECALCULATIONS, LINE_MISSES, PATCHED_PATHS}) {
            kernel.metrics().engineCounter(counter, 0); // reported as 0 on runs that never move them
        }
        this.evaluationsId = kernel.metrics().engineCounterId(EVALUATIONS);
        this.lineMissesId = kernel.metrics().engineCounterId(LINE_MISSES);
        this.patchedPathsId = kernel.metrics().engineCounterId(PATCHED_PATHS);
        this.recalculationsId = kernel.metrics().engineCounterId(RECALCULATIONS);
    }

    /** The version this run models. */
    public KernelVersion version() { return version; }

    /** The run queue (tests, metrics). */
    public RunQueue runQueue() { return rq; }

    /** The goodness function of this run (tests count its evaluations). */
    public Goodness goodnessFunction() { return goodness; }

    /** The engine state of {@code t}, created on first use (idle tasks, late tasks). */
    public SchedEntity se(Task t) {
        Object o = t.se();
        if (o instanceof SchedEntity s) {
            s.mm = t.mm(); // execve replaces the address space of a running task
            return s;
        }
        SchedEntity s = new SchedEntity(t.pid(), t, t.isIdleTask());
        s.mm = t.mm();
        s.policy = switch (t.policy()) {
            case FIFO -> SchedEntity.SCHED_FIFO;
            case RR -> SchedEntity.SCHED_RR;
            default -> SchedEntity.SCHED_OTHER;
        };
        s.rtPriority = t.rtPriority();
        s.nice = t.nice();
        s.processor = t.processor();
        if (!t.isIdleTask()) {
            s.priority = version.goodnessBonus(t.nice(), hz);
            s.counter = version.initialCounter(t.nice(), hz);
        }
        t.setSe(s);
        return s;
    }

    /** Boot: the task's state with DEF_PRIORITY (2.2) or DEF_COUNTER (2.4) ticks. */
    @Override
    public void initTask(Task p) {
        se(p);
    }

    /**
     * do_fork, 2.2.16 / 2.4.16 kernel/fork.c: the child gets half the parent's
     * counter, rounded up, the parent keeps the rest (need_resched when it is
     * left with 0); then wake_up_process(child).
     */
    @Override
    public void wakeUpNewTask(Task child, Task parent, Cpu cpu) {
        SchedEntity c = se(child);
        SchedEntity pa = se(parent);
        lines.at(cpu, SchedFn.WAKEUP);
        c.counter = (pa.counter + 1) >> 1;
        pa.counter >>= 1;
        lines.write(pa, cpu.id(), TaskLayout.Field.COUNTER);
        if (pa.counter == 0 && !pa.idleTask) cpu.setNeedResched(true);
        c.processor = cpu.id();
        child.setProcessor(cpu.id());
        c.yield = false;
        tryToWakeUp(child, cpu, false);
    }

    /**
     * wake_up_process (2.2.16) / try_to_wake_up (2.4.16): under runqueue_lock
     * add p at the head of the run queue, then reschedule_idle(p) (2.4: not for
     * a sync wakeup allowed on this CPU).
     */
    @Override
    public void tryToWakeUp(Task p, Cpu waker, boolean sync) {
        SchedEntity s = se(p);
        kernel.charge(waker, SchedFn.WAKEUP, CostKey.WAKEUP);
        kernel.spinLock(waker, runqueueLock);
        lines.at(waker, SchedFn.ENQUEUE);
        if (!s.onRunqueue()) {
            rq.addToRunqueue(s);
            listOps++;
        }
        lines.write(s, waker.id(), TaskLayout.Field.STATE);
        flush(waker, SchedFn.ENQUEUE);
        if (!(version.is24() && sync && p.allowedOn(waker.id()))) {
            rescheduleIdle.rescheduleIdle(s, waker);
        }
        flush(waker, SchedFn.WAKEUP);
        kernel.spinUnlock(waker, runqueueLock);
    }

    /** schedule(), 2.2.16 / 2.3.5 / 2.4.16 kernel/sched.c: see {@link SchedulePick}. */
    @Override
    public Task schedule(Cpu cpu, Task prevTask) {
        kernel.charge(cpu, SchedFn.SCHEDULE, CostKey.SCHEDULE);
        kernel.spinLock(cpu, runqueueLock);
        lines.at(cpu, SchedFn.SCAN);
        SchedEntity next = pick.schedule(cpu, prevTask, se(prevTask), takeSwitchto(cpu));
        flush(cpu, SchedFn.SCAN);
        kernel.spinUnlock(cpu, runqueueLock);
        syncYieldFlag(prevTask);
        return next == null ? cpu.idle() : (Task) next.owner;
    }

    private SchedEntity takeSwitchto(Cpu cpu) {
        SchedEntity t = switchtoTarget[cpu.id()];
        switchtoTarget[cpu.id()] = null;
        return t;
    }

    /**
     * schedule_tail(prev) on SMP after a real switch. 2.2.16: release prev's CPU
     * and, if it is still runnable and not idle, reschedule_idle(prev) under
     * runqueue_lock. 2.4.x: clear the SCHED_YIELD bit, release the CPU, and
     * reschedule_idle(prev) only if it was not yielding. On UP 2.4 just clears
     * the bit.
     */
    @Override
    public void scheduleTail(Cpu cpu, Task prevTask) {
        SchedEntity prev = se(prevTask);
        lines.at(cpu, SchedFn.SCHEDULE);
        boolean yielding = prev.yield;
        if (version.is24()) prev.yield = false;
        prev.hasCpu = false;
        lines.write(prev, cpu.id(), TaskLayout.Field.CPU);
        syncYieldFlag(prevTask);
        if (!smp || prev.idleTask || prevTask.state() != TaskState.RUNNING) return;
        if (version.is24() && yielding) return;
        kernel.spinLock(cpu, runqueueLock);
        if (prev.onRunqueue() && !prev.hasCpu) rescheduleIdle.rescheduleIdle(prev, cpu);
        flush(cpu, SchedFn.WAKEUP);
        kernel.spinUnlock(cpu, runqueueLock);
    }

    /** sys_sched_yield ({@link SchedYield#sysSchedYield}). */
    @Override
    public void sysSchedYield(Task pTask, Cpu cpu) {
        yields.sysSchedYield(pTask, cpu);
    }

    /** Counts one run of a patch's own path ({@link #PATCHED_PATHS}). */
    void patchedPath() {
        kernel.metrics().engineCounter(patchedPathsId, 1);
    }

    /** The in-kernel yield idiom of 2.2/2.4 ({@link SchedYield#kernelYield}). */
    public void kernelYield(Task pTask, Cpu cpu) {
        yields.kernelYield(pTask, cpu);
    }

    /**
     * update_process_times (2.2/2.4 kernel/timer.c): a non-idle current loses
     * one tick; at 0 it gets need_resched.
     */
    @Override
    public void schedulerTick(Cpu cpu, Task curr) {
        SchedEntity p = se(curr);
        if (p.idleTask) return;
        lines.at(cpu, SchedFn.TICK);
        lines.write(p, cpu.id(), TaskLayout.Field.COUNTER);
        if (--p.counter <= 0) {
            p.counter = 0;
            cpu.setNeedResched(true);
        }
    }

    /**
     * do_exit: the task leaves at the next schedule(); its remaining counter
     * goes back to the parent, capped (2.4 MAX_COUNTER = 20*HZ/100; 2.2
     * 2*priority-1), as release_task does when the parent reaps it.
     */
    @Override
    public void exit(Task p, Cpu cpu) {
        SchedEntity s = se(p);
        Task parent = p.parent();
        if (parent == null || parent.state() == TaskState.ZOMBIE) return;
        SchedEntity pa = se(parent);
        int cap = version.is24() ? 20 * hz / 100 : 2 * pa.priority - 1;
        pa.counter = Math.min(cap, pa.counter + Math.max(0, s.counter));
    }

    /** sched_switchto, a SchedLab extension ({@link SchedYield#yieldTo}). */
    @Override
    public boolean yieldTo(Task p, Task target, Cpu cpu) {
        return yields.yieldTo(p, target, cpu);
    }

    /** The global queue's nr_running, reported on CPU 0 (the SPI's rule for global queues). */
    @Override
    public int nrRunning(Cpu cpu) {
        return cpu.id() == 0 ? rq.nrRunning() : 0;
    }

    @Override
    public boolean onRunQueue(Task p) {
        return !p.isIdleTask() && se(p).onRunqueue();
    }

    // ---- used by SchedulePick -----------------------------------------------------------------

    /** The recalculation over every task (for_each_task), charged to RECALC. */
    int recalculate(Cpu cpu) {
        List<SchedEntity> all = new ArrayList<>();
        for (Task t : kernel.allTasks()) all.add(se(t));
        lines.at(cpu, SchedFn.RECALC);
        int n = RunQueueScan.recalculate(all, version, hz, rq.slots());
        for (SchedEntity p : all) {
            if (!p.idleTask) lines.write(p, cpu.id(), TaskLayout.Field.COUNTER);
        }
        kernel.charge(cpu, SchedFn.RECALC, CostKey.RECALC_PER_TASK, n);
        kernel.metrics().engineCounter(recalculationsId, 1);
        flush(cpu, SchedFn.RECALC);
        return n;
    }

    void countListOps(int n) {
        listOps += n;
    }

    /** Charges the goodness evaluations, slot visits and list operations done since the last flush to {@code fn}. */
    void flush(Cpu cpu, SchedFn fn) {
        long e = goodness.evaluations();
        if (e > evalMark) {
            kernel.charge(cpu, fn, CostKey.GOODNESS, e - evalMark);
            kernel.metrics().engineCounter(evaluationsId, e - evalMark);
        }
        evalMark = e;
        long m = lines.misses() + lines.modelMisses();
        if (m > missMark) {
            // with the memory model the stalls are charged as they happen; without it one transfer each
            if (!kernel.memoryModel()) kernel.charge(cpu, fn, CostKey.CACHELINE_TRANSFER, m - missMark);
            kernel.metrics().engineCounter(lineMissesId, m - missMark);
        }
        missMark = m;
        if (rq.slots() != null) {
            long v = rq.slots().slotVisits();
            if (v > slotMark) kernel.charge(cpu, fn, CostKey.LIST_OP, v - slotMark);
            slotMark = v;
        }
        if (listOps > 0) {
            SchedFn listFn = fn == SchedFn.SCAN || fn == SchedFn.SCHEDULE ? SchedFn.DEQUEUE : fn;
            kernel.charge(cpu, listFn, CostKey.LIST_OP, listOps);
            listOps = 0;
        }
    }

    static void syncYieldFlag(Task t) {
        if (t.se() instanceof SchedEntity s) t.setYieldFlag(s.yield);
    }
}
