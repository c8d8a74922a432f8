/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.eevdf;

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.IdlePolicy;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.spi.Scheduler;
import org.schedlab.sim.task.Policy;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.task.TaskState;

/**
 * One run of EEVDF as in Linux 6.6 or 6.18 (kernel/sched/core.c, fair.c, rt.c): per-CPU run queues with their
 * own locks, the fair class ({@link CfsRq}) under the real-time class ({@link RtRq}), wakeup CPU choice
 * ({@link SelectCpu}) and load balancing ({@link LoadBalancer}). The idle loop is the machine's unless an
 * idle-loop option is selected (set here, before boot).
 * <p>
 * Departures, besides those of the classes named: no lazy preemption (PREEMPT_LAZY): a reschedule is a
 * reschedule; SCHED_IDLE is a fair task of weight 3 preempted by any other wakee; update_curr's arithmetic at the tick is not charged (no cost key; the timer
 * interrupt itself is charged by the simulation kernel); an exiting task is dequeued at once, never delayed.
 */
final class EevdfScheduler implements Scheduler {

    /** Engine counter: runs of a path a selected patch changes (see {@link CfsRq#patchedPaths}, idle options). */
    static final String PATCHED_PATHS = "patched_paths";
    /** Engine counter: sleeps whose dequeue was delayed (6.12+ DELAY_DEQUEUE). */
    static final String DELAYED_DEQUEUES = "delayed_dequeues";

    final Kernel kernel;
    final EevdfVersion version;
    final EevdfTunables tunables;
    final Rq[] rqs;
    final EevdfCosts costs;
    final EevdfLines lines;
    /** The tick period, ns (a jiffy). */
    final long tickNs;
    private final Wakeups wakeups;
    private final LoadBalancer balancer;
    private final int rrTicks;
    private final boolean idlePatched;
    /** Group scheduling, made when the first task of a task group appears; null in a run without groups. */
    GroupSched groups;
    private final WakeupPreempt preempt = new WakeupPreempt(this);

    EevdfScheduler(Kernel kernel, EevdfVersion version, EevdfTunables tunables, IdlePolicy idleOption) {
        this.kernel = kernel;
        this.version = version;
        this.tunables = tunables;
        int n = kernel.machine().nrCpus();
        this.tickNs = 1_000_000_000L / kernel.machine().hz();
        this.rqs = new Rq[n];
        for (int i = 0; i < n; i++) {
            Cpu cpu = kernel.machine().cpu(i);
            rqs[i] = new Rq(cpu, kernel.newLock("rq" + i), new CfsRq(version, tunables, tickNs),
                    LoadBalancer.minInterval(n));
            rqs[i].cfs.cpu = i;
            cpu.setRq(rqs[i]);
        }
        if (version == EevdfVersion.V6_18) {
            for (Rq rq : rqs) {
                rq.fairServer = new FairServer(this, rq);
            }
        }
        this.costs = new EevdfCosts(kernel);
        this.lines = new EevdfLines(kernel);
        this.wakeups = new Wakeups(this, new SelectCpu(this));
        this.balancer = new LoadBalancer(this);
        this.rrTicks = RtRq.rrTimesliceTicks(kernel.machine().hz(), tunables.rrTimesliceMs());
        this.idlePatched = idleOption != null;
        if (idleOption != null) {
            kernel.machine().setIdlePolicy(idleOption);
        }
        kernel.metrics().engineCounter(PATCHED_PATHS, 0); // reported as 0 on runs that never move them
        kernel.metrics().engineCounter(DELAYED_DEQUEUES, 0);
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

    /**
     * {@code set_load_weight}: SCHED_IDLE weighs WEIGHT_IDLEPRIO, an RT task twice nice -20 (for balancing only);
     * and {@code __setscheduler_params}' slice: the task's own (sched_runtime, custom_slice) or the base slice.
     */
    void setLoadWeight(Task p, SchedEntity se) {
        if (p.policy() == Policy.IDLE) {
            se.setWeight(Weights.WEIGHT_IDLEPRIO);
        } else if (p.policy().isRealTime()) {
            se.setWeight(Weights.weight(-20) * 2);
        } else {
            se.setNice(p.nice());
        }
        se.customSlice = p.sliceNs() > 0 && !p.policy().isRealTime();
        se.slice = se.customSlice ? Math.max(100_000L, Math.min(100_000_000L, p.sliceNs())) : tunables.baseSliceNs();
    }

    SchedEntity newEntity(Task p) {
        if (p.cgroup() != null && groups == null) {
            groups = new GroupSched(this);
        }
        SchedEntity se = new SchedEntity(p);
        setLoadWeight(p, se);
        se.cpu = Math.min(Math.max(0, p.processor()), rqs.length - 1);
        se.rtTimeSlice = rrTicks;
        p.setSe(se);
        return se;
    }

    /** {@code __sched_fork} for a boot task: a fresh entity, not queued. */
    @Override
    public void initTask(Task p) {
        newEntity(p);
    }

    /** Moves what CfsRq counted for the patched paths into the engine counter; reschedules if a path asked to. */
    void after(Rq rq, Cpu running) {
        if (rq.cfs.patchedPaths != 0) {
            kernel.metrics().engineCounter(PATCHED_PATHS, rq.cfs.patchedPaths);
            rq.cfs.patchedPaths = 0;
        }
        if (rq.cfs.takeResched()) {
            kernel.reschedTask(rq.cpu, running);
        }
    }

    /** {@code activate_task} -> {@code enqueue_task}: booked as ENQUEUE. */
    void activateTask(Rq rq, Task p, boolean initial, Cpu running) {
        SchedEntity se = se(p);
        if (groups != null && isFair(p)) {
            groups.setTaskRq(p, se, se.cpu);
        }
        AugRbTree tree = queue(rq, se).tree();
        long mark = tree.work();
        if (isFair(p)) {
            if (groups == null) {
                rq.cfs.enqueueEntity(se, rq.clock(), initial);
            } else {
                groups.enqueueTaskFair(se, rq.clock(), initial, running);
            }
            costs.chargeRqOp(running, SchedFn.ENQUEUE);
            FairServer.fairEnqueued(rq.fairServer);
        } else {
            rq.rt.enqueue(se, p.rtPriority());
            costs.chargeListOp(running, SchedFn.ENQUEUE);
        }
        lines.queueOp(running, SchedFn.ENQUEUE, rq, se);
        costs.chargeTree(running, SchedFn.ENQUEUE, tree, mark);
        after(rq, running);
    }

    /**
     * {@code deactivate_task} -> {@code dequeue_task}: booked as DEQUEUE.
     *
     * @return false when the fair class delayed the dequeue
     */
    boolean deactivateTask(Rq rq, Task p, boolean sleep, boolean mayDelay, Cpu running) {
        SchedEntity se = se(p);
        AugRbTree tree = queue(rq, se).tree();
        long mark = tree.work();
        boolean gone = true;
        if (se.rtQueued) {
            rq.rt.dequeue(se, p.rtPriority());
            costs.chargeListOp(running, SchedFn.DEQUEUE);
        } else {
            gone = groups == null ? rq.cfs.dequeueEntity(se, rq.clock(), sleep, mayDelay)
                    : groups.dequeueTaskFair(se, rq.clock(), sleep, mayDelay, false, running);
            costs.chargeRqOp(running, SchedFn.DEQUEUE);
            if (!gone) {
                kernel.metrics().engineCounter(DELAYED_DEQUEUES, 1);
            }
        }
        lines.queueOp(running, SchedFn.DEQUEUE, rq, se);
        costs.chargeTree(running, SchedFn.DEQUEUE, tree, mark);
        after(rq, running);
        return gone;
    }

    /**
     * {@code set_task_cpu}: EEVDF needs no vruntime renormalisation (the lag travels), only the CPU; with groups,
     * {@code set_task_rq} moves the task to its group's queue on that CPU.
     */
    void setTaskCpu(Task p, int cpu) {
        SchedEntity se = se(p);
        if (se.cpu != cpu && !se.onRq && isFair(p)) {
            LoadAvg.remove(queue(rqs[se.cpu], se), se); // migrate_task_rq_fair: a sleeper's blocked load stays behind
        }
        se.cpu = cpu;
        p.setProcessor(cpu);
        if (groups != null) {
            groups.setTaskRq(p, se(p), cpu);
        }
    }

    /** @return the fair queue the task's entity is on: the CPU's root cfs_rq, or its group's there */
    CfsRq queue(Rq rq, SchedEntity se) {
        return groups == null ? rq.cfs : groups.cfsRqOf(se);
    }

    /** {@code resched_curr} on {@code rq}; counts the idle-loop option's path when the target is an idle remote CPU. */
    void reschedCurr(Rq rq, Cpu running) {
        countIdleSignal(rq, running);
        kernel.reschedTask(rq.cpu, running);
    }

    /** Counts the idle-loop option's path: {@code running} signals an idle remote CPU (resched or wake list). */
    void countIdleSignal(Rq rq, Cpu running) {
        if (idlePatched && rq.cpu != running && rq.cpu.isIdle()) {
            kernel.metrics().engineCounter(PATCHED_PATHS, 1);
        }
    }

    /** {@code wakeup_preempt}: see {@link WakeupPreempt}. */
    void wakeupPreempt(Rq rq, Task p, Cpu running) {
        preempt.wakeupPreempt(rq, p, running);
    }

    /** {@code wake_up_new_task} ({@link Wakeups#wakeUpNewTask}). */
    @Override
    public void wakeUpNewTask(Task child, Task parent, Cpu cpu) {
        wakeups.wakeUpNewTask(child, parent, cpu);
    }

    /** {@code try_to_wake_up} ({@link Wakeups#tryToWakeUp}). */
    @Override
    public void tryToWakeUp(Task p, Cpu waker, boolean sync) {
        wakeups.tryToWakeUp(p, waker, sync);
    }

    /**
     * {@code __schedule}: dequeue a blocked prev (the fair class may delay it), {@code put_prev_task}, then
     * {@code pick_next_task}: RT first, else {@code pick_next_entity} in a loop that finishes the dequeue of
     * any delayed entity it picks; an empty pick runs {@code sched_balance_newidle} and picks again.
     */
    @Override
    public Task schedule(Cpu cpu, Task prev) {
        Rq rq = rq(cpu);
        kernel.spinLock(cpu, rq.lock);
        rq.updateRqClock(cpu);
        costs.chargeSchedule(cpu);
        if (!prev.isIdleTask() && prev.state() != TaskState.RUNNING) {
            SchedEntity pse = se(prev);
            if ((pse.onRq && !pse.delayed) || pse.rtQueued) {
                deactivateTask(rq, prev, true, prev.state() != TaskState.ZOMBIE, cpu);
            }
            if (prev.state() == TaskState.ZOMBIE && isFair(prev) && !pse.onRq) {
                LoadAvg.remove(queue(rq, pse), pse); // task_dead_fair
            }
        }
        long now = rq.clock();
        rq.updateRtLoadAvg(now, !prev.isIdleTask() && !isFair(prev)); // put_prev_task_rt
        AugRbTree tree = rq.cfs.tree();
        long mark = tree.work();
        if (groups != null) {
            if (!prev.isIdleTask() && isFair(prev)) {
                groups.putPrevTask(se(prev), now, cpu);
            }
        } else if (!prev.isIdleTask() && rq.cfs.curr == se(prev)) {
            rq.cfs.putPrevEntity(se(prev), now);
        }
        Task next = pickNextTask(cpu, rq, now);
        if (next == null) {
            costs.chargeTree(cpu, SchedFn.SCAN, tree, mark);
            balancer.idleBalance(cpu, rq);
            mark = tree.work();
            rq.updateRqClock(cpu);
            next = pickNextTask(cpu, rq, rq.clock());
        }
        costs.chargeTree(cpu, SchedFn.SCAN, tree, mark);
        rq.cfs.takeResched(); // the pick itself answers any request made while putting prev back
        kernel.spinUnlock(cpu, rq.lock);
        return next == null ? cpu.idle() : next;
    }

    /** {@code pick_next_task}: while the fair server is enqueued its fair tasks or idle, else RT, then fair. */
    private Task pickNextTask(Cpu cpu, Rq rq, long now) {
        Task next;
        if (rq.fairServer != null && rq.fairServer.active()) {
            next = pickFair(cpu, rq, now);
        } else {
            SchedEntity rt = rq.rt.pick();
            next = rt != null ? (Task) rt.owner : pickFair(cpu, rq, now);
        }
        if (rq.fairServer != null) {
            rq.fairServer.picked(next != null && !isFair(next), now);
        }
        return next;
    }

    private Task pickFair(Cpu cpu, Rq rq, long now) {
        if (groups != null) {
            return groups.pickNextTask(cpu, rq, now);
        }
        while (true) {
            SchedEntity se = rq.cfs.pickEevdf();
            lines.pick(cpu, rq, se);
            if (se == null) {
                return null;
            }
            if (se.delayed) {
                rq.cfs.finishDelayedDequeue(se, now);
                costs.chargeRqOp(cpu, SchedFn.DEQUEUE);
                continue;
            }
            rq.cfs.setNextEntity(se, now);
            return (Task) se.owner;
        }
    }

    /** {@code do_sched_yield}: rq lock, {@code yield_task_fair} (or the RT requeue), unlock, schedule. */
    @Override
    public void sysSchedYield(Task p, Cpu cpu) {
        Rq rq = rq(cpu);
        kernel.spinLock(cpu, rq.lock);
        SchedEntity se = se(p);
        if (se.rtQueued) {
            rq.rt.requeue(se, p.rtPriority());
        } else if (groups != null) {
            CfsRq q = groups.cfsRqOf(se);
            if (q.curr == se && rq.nrRunnable() > 1) {
                long mark = q.tree().work();
                rq.updateRqClock(cpu);
                q.yieldTaskFair(rq.clock());
                costs.chargeTree(cpu, SchedFn.YIELD, q.tree(), mark);
                rq.cfs.takeResched();
            }
        } else if (rq.cfs.curr == se && rq.cfs.nrQueued + rq.rt.nrRunning > 1) {
            long mark = rq.cfs.tree().work();
            rq.updateRqClock(cpu);
            rq.cfs.yieldTaskFair(rq.clock());
            costs.chargeTree(cpu, SchedFn.YIELD, rq.cfs.tree(), mark);
            rq.cfs.takeResched();
        }
        kernel.spinUnlock(cpu, rq.lock);
        cpu.setNeedResched(true);
    }

    /** {@code sched_tick}: {@code task_tick_fair} (update_curr, which may ask to reschedule) or {@code task_tick_rt}. */
    @Override
    public void schedulerTick(Cpu cpu, Task curr) {
        if (curr == null || curr.isIdleTask()) {
            return;
        }
        Rq rq = rq(cpu);
        kernel.spinLock(cpu, rq.lock);
        rq.updateRqClock(cpu);
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
            if (groups.cfsRqOf(se).curr == se) {
                groups.taskTick(se, rq.clock());
                after(rq, cpu);
            }
        } else if (rq.cfs.curr == se) {
            rq.cfs.entityTick(rq.clock());
            after(rq, cpu);
        }
        if (!isFair(curr)) {
            rq.updateRtLoadAvg(rq.clock(), true); // task_tick_rt
        }
        kernel.spinUnlock(cpu, rq.lock);
    }

    /** {@code timer_slack_ns}: 50 us (init_task's) for fair tasks; hrtimer_nanosleep gives real-time tasks none. */
    @Override
    public long timerSlackNs(Task p) {
        return p.policy().isRealTime() ? 0 : TIMER_SLACK_NS;
    }

    /** The default {@code timer_slack_ns} (include/linux/init_task.h: 50 us). */
    static final long TIMER_SLACK_NS = 50_000;

    /** do_exit: nothing class-specific; the following schedule() dequeues the zombie (never delayed). */
    @Override
    public void exit(Task p, Cpu cpu) {
    }

    /** {@code sched_balance_trigger} / {@code sched_balance_domains} after each tick. */
    @Override
    public void loadBalance(Cpu cpu, boolean idle) {
        balancer.rebalance(cpu, idle);
    }

    /** {@code h_nr_runnable} plus RT: delayed-dequeue sleepers are not counted. */
    @Override
    public int nrRunning(Cpu cpu) {
        return rq(cpu).nrRunnable();
    }

    /** Queued or running, and not a sleeper whose dequeue is delayed; or on a wake list, about to be queued. */
    @Override
    public boolean onRunQueue(Task p) {
        return p.se() instanceof SchedEntity se && ((se.onRq && !se.delayed) || se.rtQueued || se.wakePending);
    }

    /** Task groups on 6.18 ({@link GroupSched}); 6.6 refuses them. */
    @Override
    public boolean groupScheduling() {
        return version == EevdfVersion.V6_18;
    }
}
