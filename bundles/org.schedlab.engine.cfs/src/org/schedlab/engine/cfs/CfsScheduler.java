/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.cfs;

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.spi.Scheduler;
import org.schedlab.sim.task.Policy;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.task.TaskState;

/**
 * One run of Linux 2.6.24 / 2.6.25 CFS (kernel/sched.c, kernel/sched_fair.c, kernel/sched_rt.c):
 * per-CPU run queues with their own locks, the fair class on a red-black timeline with the running
 * task out of the tree, the real-time class above it, wake-affine CPU choice and load balancing.
 * <p>
 * Task groups (cpu.shares) as {@link GroupSched} walks them, made when the workload names its first group.
 * Departures, besides those of {@link CfsRq}, {@link RtRq}, {@link SelectCpu}, {@link LoadBalancer} and
 * {@link GroupSched}: SCHED_IDLE is a fair task of weight 2 (WEIGHT_IDLEPRIO);
 * update_curr's arithmetic and scheduler_tick's body are not charged (the cost table has no key for
 * them; the timer interrupt itself is charged by the simulation kernel).
 */
final class CfsScheduler implements Scheduler {

    /** WEIGHT_IDLEPRIO and WMULT_IDLEPRIO of 2.6.24. */
    private static final long WEIGHT_IDLEPRIO = 2;
    private static final long WMULT_IDLEPRIO = 1L << 31;

    final Kernel kernel;
    final CfsVersion version;
    final CfsTunables tunables;
    final Rq[] rqs;
    final CfsCosts costs;
    final CfsLines lines;
    private final Wakeups wakeups;
    private final LoadBalancer balancer;
    final int rrTicks;
    /** Group scheduling, made when the workload's first task group is; null in a run without groups. */
    GroupSched groups;

    /** Engine counter: tree operations that kept the balbir-rightmost-2008 cache (the patch's own path). */
    public static final String PATCHED_PATHS = "patched_paths";

    CfsScheduler(Kernel kernel, CfsVersion version, CfsTunables tunables, boolean cacheRightmost) {
        this.kernel = kernel;
        this.version = version;
        this.tunables = tunables;
        int n = kernel.machine().nrCpus();
        this.rqs = new Rq[n];
        for (int i = 0; i < n; i++) {
            Cpu cpu = kernel.machine().cpu(i);
            rqs[i] = new Rq(cpu, kernel.newLock("rq" + i), new CfsRq(version, tunables, cacheRightmost),
                    LoadBalancer.MIN_INTERVAL_NS);
            cpu.setRq(rqs[i]);
        }
        this.costs = new CfsCosts(kernel);
        this.lines = new CfsLines(kernel);
        kernel.metrics().engineCounter(PATCHED_PATHS, 0); // reported as 0 on runs that never move it
        this.wakeups = new Wakeups(this, new SelectCpu(this));
        this.balancer = new LoadBalancer(this);
        this.rrTicks = RtRq.defTimesliceTicks(kernel.machine().hz());
    }

    static SchedEntity se(Task p) {
        return (SchedEntity) p.se();
    }

    Rq rq(Cpu cpu) {
        return rqs[cpu.id()];
    }

    static boolean isFair(Task p) {
        return !p.policy().isRealTime();
    }

    /** {@code set_load_weight}. */
    static void setLoadWeight(Task p, SchedEntity se) {
        if (p.policy() == Policy.IDLE) {
            se.weight = WEIGHT_IDLEPRIO;
            se.invWeight = WMULT_IDLEPRIO;
        } else if (p.policy().isRealTime()) {
            se.weight = Rq.RT_LOAD;
            se.invWeight = Weights.inverseOf(Rq.RT_LOAD);
        } else {
            se.setNice(p.nice());
        }
    }

    SchedEntity newEntity(Task p) {
        SchedEntity se = new SchedEntity(p);
        setLoadWeight(p, se);
        se.cpu = Math.min(Math.max(0, p.processor()), rqs.length - 1);
        se.rtTimeSlice = rrTicks;
        lines.attach(se);
        if (groups != null) {
            groups.setTaskCfsRq(p, se, se.cpu);
        }
        p.setSe(se);
        return se;
    }

    /** 2.6.24 {@code sched_fork} (boot tasks): fresh entity, not runnable yet. */
    @Override
    public void initTask(Task p) {
        newEntity(p);
    }

    /** {@code activate_task} -> {@code enqueue_task}: booked as ENQUEUE (seed 002's instrument). */
    void activateTask(Rq rq, Task p, boolean wakeup, Cpu running) {
        SchedEntity se = se(p);
        RbTree tree = rq.cfs.tree();
        long mark = mark(rq);
        if (isFair(p)) {
            if (groups == null) {
                rq.cfs.enqueueEntity(se, wakeup, rq.clock(running));
            } else {
                groups.enqueueTaskFair(se, wakeup, rq.clock(running));
            }
            rq.fairTasks++;
            rq.fairTaskLoad += se.weight;
        } else {
            rq.rt.enqueue(se, p.rtPriority());
        }
        costs.chargeRqOp(running, SchedFn.ENQUEUE);
        lines.queueOp(running, SchedFn.ENQUEUE, rq, se);
        costs.chargeTree(running, SchedFn.ENQUEUE, tree, mark(rq) - mark);
    }

    /** {@code deactivate_task} -> {@code dequeue_task}: booked as DEQUEUE (seed 002's instrument). */
    void deactivateTask(Rq rq, Task p, Cpu running) {
        SchedEntity se = se(p);
        RbTree tree = rq.cfs.tree();
        long mark = mark(rq);
        if (se.rtQueued) {
            rq.rt.dequeue(se, p.rtPriority());
        } else {
            if (groups == null) {
                rq.cfs.dequeueEntity(se, rq.clock(running));
            } else {
                groups.dequeueTaskFair(se, rq.clock(running));
            }
            rq.fairTasks--;
            rq.fairTaskLoad -= se.weight;
        }
        costs.chargeRqOp(running, SchedFn.DEQUEUE);
        lines.queueOp(running, SchedFn.DEQUEUE, rq, se);
        costs.chargeTree(running, SchedFn.DEQUEUE, tree, mark(rq) - mark);
    }

    /** @return the tree work counter of {@code rq}'s queues ({@link CfsCosts#mark}; with groups, all of them) */
    long mark(Rq rq) {
        return groups == null ? CfsCosts.mark(rq.cfs.tree()) : groups.mark(rq);
    }

    /** @return the cfs_rq {@code se} is queued on when it is on {@code rq} ({@code cfs_rq_of}) */
    CfsRq cfsRqOf(Rq rq, SchedEntity se) {
        return groups == null ? rq.cfs : se.cfsRq;
    }

    /**
     * {@code set_task_cpu}: move the entity's vruntime from its cfs_rq's min_vruntime to that of the same group's
     * cfs_rq on the new CPU ({@code set_task_cfs_rq} with groups).
     */
    void setTaskCpu(Task p, int cpu) {
        SchedEntity se = se(p);
        if (se.cpu != cpu) {
            if (groups == null) {
                se.vruntime -= rqs[se.cpu].cfs.minVruntime - rqs[cpu].cfs.minVruntime;
            } else {
                CfsRq[] q = groups.taskGroup(p).cfsRq;
                se.vruntime -= q[se.cpu].minVruntime - q[cpu].minVruntime;
            }
            se.cpu = cpu;
        }
        if (groups != null) {
            groups.setTaskCfsRq(p, se, cpu); // also for a child that took its parent's CPU (wake_up_new_task)
        }
        p.setProcessor(cpu);
    }

    /** {@code check_preempt_curr} ({@link Wakeups#checkPreemptCurr}). */
    void checkPreemptCurr(Rq rq, Task p, Cpu running) {
        wakeups.checkPreemptCurr(rq, p, running);
    }

    /** 2.6.24 {@code wake_up_new_task} ({@link Wakeups#wakeUpNewTask}). */
    @Override
    public void wakeUpNewTask(Task child, Task parent, Cpu cpu) {
        wakeups.wakeUpNewTask(child, parent, cpu);
    }

    /** 2.6.24 {@code try_to_wake_up} ({@link Wakeups#tryToWakeUp}). */
    @Override
    public void tryToWakeUp(Task p, Cpu waker, boolean sync) {
        wakeups.tryToWakeUp(p, waker, sync);
    }

    /**
     * 2.6.24 {@code schedule}: deactivate a sleeping prev, idle_balance if the queue emptied,
     * {@code put_prev_task}, {@code pick_next_task} (RT first, then the fair leftmost or buddy).
     */
    @Override
    public Task schedule(Cpu cpu, Task prev) {
        Rq rq = rq(cpu);
        kernel.spinLock(cpu, rq.lock);
        costs.chargeSchedule(cpu);
        if (!prev.isIdleTask() && prev.state() != TaskState.RUNNING) {
            SchedEntity pse = se(prev);
            if (pse.onRq || pse.rtQueued) {
                updateAvgOverlap(pse);
                deactivateTask(rq, prev, cpu);
            }
        }
        if (rq.nrRunning() == 0) {
            balancer.idleBalance(cpu, rq);
        }
        long now = rq.clock(cpu);
        RbTree tree = rq.cfs.tree();
        long mark = mark(rq);
        if (groups != null) {
            return pickNextTaskGrouped(cpu, rq, prev, now, mark);
        }
        if (!prev.isIdleTask() && rq.cfs.curr == se(prev)) {
            rq.cfs.putPrevEntity(se(prev), now);
        }
        Task next;
        SchedEntity rt = rq.rt.pick();
        if (rt != null) {
            next = (Task) rt.owner;
            if (rq.cfs.curr != null) {
                rq.cfs.putPrevEntity(rq.cfs.curr, now);
            }
        } else {
            SchedEntity se = rq.cfs.pickNextEntity();
            lines.pick(cpu, rq, se);
            if (se != null) {
                rq.cfs.setNextEntity(se, now);
                next = (Task) se.owner;
            } else {
                next = cpu.idle();
            }
        }
        costs.chargeTree(cpu, SchedFn.SCAN, tree, mark(rq) - mark);
        kernel.spinUnlock(cpu, rq.lock);
        return next;
    }

    /** schedule()'s put_prev_task and pick_next_task with groups ({@link GroupSched}); the rq lock is held. */
    private Task pickNextTaskGrouped(Cpu cpu, Rq rq, Task prev, long now, long mark) {
        if (!prev.isIdleTask() && isFair(prev) && se(prev).cfsRq.curr == se(prev)) {
            groups.putPrevTaskFair(se(prev), now);
        }
        Task next;
        SchedEntity rt = rq.rt.pick();
        if (rt != null) {
            next = (Task) rt.owner;
            groups.putPrevCurrent(rq, now);
        } else {
            SchedEntity se = groups.pickNextTaskFair(rq, now);
            lines.pick(cpu, rq, se);
            next = se != null ? (Task) se.owner : cpu.idle();
        }
        costs.chargeTree(cpu, SchedFn.SCAN, rq.cfs.tree(), mark(rq) - mark);
        kernel.spinUnlock(cpu, rq.lock);
        return next;
    }

    /** 2.6.25 {@code update_avg(&prev->se.avg_overlap, runtime since last wakeup)} when prev sleeps. */
    private static void updateAvgOverlap(SchedEntity se) {
        if (se.lastWakeup > 0) {
            long sample = se.sumExecRuntime - se.lastWakeup;
            se.avgOverlap += (sample - se.avgOverlap) >> 3;
            se.lastWakeup = 0;
        }
    }

    /** 2.6.24 {@code sys_sched_yield}: rq lock, {@code yield_task_fair} (or RT requeue), unlock, schedule. */
    @Override
    public void sysSchedYield(Task p, Cpu cpu) {
        Rq rq = rq(cpu);
        kernel.spinLock(cpu, rq.lock);
        SchedEntity se = se(p);
        if (se.rtQueued) {
            rq.rt.requeue(se, p.rtPriority());
        } else if (cfsRqOf(rq, se).curr == se) {
            CfsRq q = cfsRqOf(rq, se); // yield_task_fair works on the task's own cfs_rq
            long mark = CfsCosts.mark(q.tree());
            q.yieldTaskFair(p.policy() == Policy.BATCH, rq.clock(cpu));
            costs.chargeTree(cpu, SchedFn.YIELD, q.tree(), CfsCosts.mark(q.tree()) - mark);
        }
        kernel.spinUnlock(cpu, rq.lock);
        cpu.setNeedResched(true);
    }

    /** 2.6.24 {@code scheduler_tick}: {@code entity_tick} / {@code task_tick_rt} on the running task. */
    @Override
    public void schedulerTick(Cpu cpu, Task curr) {
        if (curr == null || curr.isIdleTask()) {
            return;
        }
        Rq rq = rq(cpu);
        kernel.spinLock(cpu, rq.lock);
        SchedEntity se = se(curr);
        if (se.rtQueued) {
            if (curr.policy() == Policy.RR && --se.rtTimeSlice <= 0) {
                se.rtTimeSlice = rrTicks;
                if (rq.rt.hasPeers(curr.rtPriority())) {
                    rq.rt.requeue(se, curr.rtPriority());
                    kernel.reschedTask(cpu, cpu);
                }
            }
        } else if (groups != null) {
            if (se.cfsRq.curr == se && groups.taskTickFair(se, rq.clock(cpu))) {
                kernel.reschedTask(cpu, cpu);
            }
        } else if (rq.cfs.curr == se) {
            rq.cfs.updateCurr(rq.clock(cpu));
            if (rq.cfs.nrRunning > 1 && rq.cfs.checkPreemptTick(se)) {
                kernel.reschedTask(cpu, cpu);
            }
        }
        kernel.spinUnlock(cpu, rq.lock);
    }

    /** do_exit: nothing class-specific in 2.6.24; the following schedule() dequeues the zombie. */
    @Override
    public void exit(Task p, Cpu cpu) {
    }

    /** {@code trigger_load_balance} / {@code rebalance_domains} after each tick. */
    @Override
    public void loadBalance(Cpu cpu, boolean idle) {
        balancer.rebalance(cpu, idle);
    }

    /** 2.6.24 {@code rq->nr_running}: fair plus real-time tasks, queued or running, on this CPU. */
    @Override
    public int nrRunning(Cpu cpu) {
        return rq(cpu).nrRunning();
    }

    /** 2.6.24 {@code p->se.on_rq} (fair) or membership of the RT priority array. */
    @Override
    public boolean onRunQueue(Task p) {
        return p.se() instanceof SchedEntity se && (se.onRq || se.rtQueued);
    }

    /** Task groups of 2.6.24 / 2.6.25: one level deep, a weight each, no bandwidth control ({@link GroupSched}). */
    @Override
    public boolean groupScheduling() {
        return true;
    }

    @Override
    public String createGroup(org.schedlab.sim.workload.CGroup g) {
        if (groups == null) {
            groups = new GroupSched(this);
        }
        return groups.createGroup(g);
    }

    /** @return null when every run queue (and every group's) is consistent, else the first problem found */
    String checkInvariants() {
        for (Rq rq : rqs) {
            String e = rq.cfs.checkInvariants();
            if (e != null) {
                return "cpu" + rq.cpu.id() + ": " + e;
            }
        }
        return groups == null ? null : GroupChecker.check(this, groups);
    }

    /** @return cycles of put_prev_entity / set_next_entity tree work (booked as SCAN) */
    long pickPathTreeCycles() {
        return costs.pickPathTreeCycles();
    }
}
