/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.cfs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.spi.HrTimer;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.workload.CGroup;

/**
 * Group scheduling of Linux 2.6.24 / 2.6.25 ({@code CONFIG_FAIR_CGROUP_SCHED}, kernel/sched_fair.c and
 * kernel/sched.c): each task's entity on its group's cfs_rq, each group's entity on the CPU's top-level cfs_rq, and
 * the walks between them, {@code for_each_sched_entity} in {@code enqueue_task_fair}, {@code dequeue_task_fair},
 * {@code put_prev_task_fair} and {@code task_tick_fair}, the descent of {@code pick_next_task_fair} through
 * {@code group_cfs_rq}, and the walk of {@code check_preempt_wakeup} up to two entities of one cfs_rq. 2.6.25 adds
 * {@code load_balance_monitor} ({@link #rebalanceShares}).
 * <p>
 * Used only in runs with task groups: a run without them keeps the flat paths of {@link CfsScheduler}, as a kernel
 * without {@code CONFIG_FAIR_GROUP_SCHED}. Departures: the kernel thread of load_balance_monitor is a timer callback
 * here (its CPU time is the balance charge of the groups it examines, not a task's run).
 */
final class GroupSched {

    /** {@code init_task_group_load}: the weight of the group of the tasks in no group (NICE_0_LOAD). */
    static final long INIT_TASK_GROUP_LOAD = Weights.NICE_0_LOAD;
    /** 2.6.25 {@code MIN_GROUP_SHARES}: the weight left to a group's entity on a CPU where the group has no load. */
    static final long MIN_GROUP_SHARES = 2;
    /** 2.6.25 sysctl_sched_min_bal_int_shares / max_bal_int_shares: the monitor's sleep, doubled while balanced. */
    static final long MIN_BAL_INT_NS = 1_000_000L, MAX_BAL_INT_NS = 128_000_000L;

    private final CfsScheduler s;
    /** {@code init_task_group}: the tasks in no cgroup. */
    final TaskGroup init;
    private final Map<String, TaskGroup> byName = new LinkedHashMap<>();
    /** Every group, the init group first ({@code task_groups}). */
    private final List<TaskGroup> all = new ArrayList<>();
    /** {@code rq->leaf_cfs_rq_list} order: each new group's queue is added at the head, the init group's last. */
    private final List<TaskGroup> leafOrder = new ArrayList<>();
    private final HrTimer monitor;
    private long monitorInterval = MIN_BAL_INT_NS;

    GroupSched(CfsScheduler s) {
        this.s = s;
        this.init = new TaskGroup(null, INIT_TASK_GROUP_LOAD, s.rqs);
        all.add(init);
        leafOrder.add(init);
        boolean spread = s.version == CfsVersion.V2_6_25 && s.rqs.length > 1;
        this.monitor = spread ? s.kernel.newHrTimer("load_balance_monitor", this::loadBalanceMonitor) : null;
    }

    /**
     * {@code cpu_cgroup_create} -> {@code sched_create_group}, then {@code sched_group_set_shares}.
     *
     * @return null, or why these versions cannot make the group
     */
    String createGroup(CGroup g) {
        if (g.parent() != null) {
            return "has task groups one level deep (cpu_cgroup_create refuses a cgroup below another before 2.6.26)";
        }
        if (g.limited()) {
            return "has no CFS bandwidth control (cpu.cfs_quota_us came with 3.2); "
                    + "2.6.24 and 2.6.25 groups have a weight (cpu.shares) only";
        }
        if (g.auto()) {
            return "has no autogroups (sched_autogroup came with 2.6.38)";
        }
        if (!byName.containsKey(g.name())) {
            TaskGroup tg = new TaskGroup(g, g.shares(), s.rqs);
            tg.reportUsage(s.kernel.metrics());
            byName.put(g.name(), tg);
            all.add(tg);
            leafOrder.add(0, tg);
        }
        return null;
    }

    /** @return every group, the init group first */
    List<TaskGroup> groups() {
        return all;
    }

    /** @return the group of {@code p} ({@code task_group(p)}) */
    TaskGroup taskGroup(Task p) {
        CGroup c = p.cgroup();
        if (c == null) {
            return init;
        }
        TaskGroup tg = byName.get(c.name());
        if (tg == null) {
            String refused = createGroup(c);
            if (refused != null) {
                throw new IllegalArgumentException("the cfs engine " + refused + " (cgroup " + c.name() + ")");
            }
            tg = byName.get(c.name());
        }
        return tg;
    }

    /** {@code set_task_cfs_rq}: the task's entity belongs to its group's queue on {@code cpu}. */
    void setTaskCfsRq(Task p, SchedEntity se, int cpu) {
        TaskGroup tg = taskGroup(p);
        se.cfsRq = tg.cfsRq[cpu];
        se.parent = tg.se[cpu];
    }

    /** {@code enqueue_task_fair}: enqueue each entity up the hierarchy until one is already queued. */
    void enqueueTaskFair(SchedEntity se, boolean wakeup, long now) {
        if (monitor != null && !monitor.active()) {
            monitor.start(s.rqs[0].cpu, now + monitorInterval);
        }
        boolean w = wakeup;
        for (SchedEntity e = se; e != null; e = e.parent) {
            if (e.onRq) {
                break;
            }
            e.cfsRq.enqueueEntity(e, w, now);
            w = true;
        }
    }

    /** {@code dequeue_task_fair}: dequeue up the hierarchy while the queue left behind has no load. */
    void dequeueTaskFair(SchedEntity se, long now) {
        for (SchedEntity e = se; e != null; e = e.parent) {
            CfsRq q = e.cfsRq;
            q.dequeueEntity(e, now);
            if (q.loadWeight != 0) {
                break;
            }
        }
    }

    /** {@code pick_next_task_fair}: pick from the top-level cfs_rq down through the groups' queues. */
    SchedEntity pickNextTaskFair(Rq rq, long now) {
        CfsRq q = rq.cfs;
        SchedEntity se;
        do {
            se = q.pickNextEntity();
            if (se == null) {
                return null;
            }
            q.setNextEntity(se, now);
            q = se.myQ;
        } while (q != null);
        return se;
    }

    /** {@code put_prev_task_fair}: put each entity from the task's up. */
    void putPrevTaskFair(SchedEntity se, long now) {
        for (SchedEntity e = se; e != null; e = e.parent) {
            e.cfsRq.putPrevEntity(e, now);
        }
    }

    /** {@code put_prev_task_fair} of whatever fair task is current on {@code rq} (an RT task is picked over it). */
    void putPrevCurrent(Rq rq, long now) {
        SchedEntity e = rq.cfs.curr;
        while (e != null && e.myQ != null && e.myQ.curr != null) {
            e = e.myQ.curr;
        }
        if (e != null) {
            putPrevTaskFair(e, now);
        }
    }

    /** {@code task_tick_fair}: {@code entity_tick} at every level; @return whether a level asked for a reschedule */
    boolean taskTickFair(SchedEntity se, long now) {
        boolean resched = false;
        for (SchedEntity e = se; e != null; e = e.parent) {
            CfsRq q = e.cfsRq;
            q.updateCurr(now);
            if (q.nrRunning > 1 && q.checkPreemptTick(e)) {
                resched = true;
            }
        }
        return resched;
    }

    /**
     * {@code check_preempt_wakeup} with groups: 2.6.25 makes the wakee its queue's next buddy; both entities walk up
     * until they share a cfs_rq, and the wakee's side preempts when it leads by more than the granularity there.
     */
    boolean checkPreemptWakeup(SchedEntity curr, SchedEntity wakee) {
        if (s.version.hasNextBuddy() && wakee != curr) {
            wakee.cfsRq.next = wakee;
        }
        SchedEntity se = curr;
        SchedEntity pse = wakee;
        while (se != null && pse != null && se.cfsRq != pse.cfsRq) {
            se = se.parent;
            pse = pse.parent;
        }
        return se != null && pse != null && se.cfsRq.preempts(se, pse);
    }

    /** @return whether a task is queued (not running) in one of the groups' queues on {@code rq}'s CPU */
    boolean queuedFair(Rq rq) {
        int cpu = rq.cpu.id();
        for (TaskGroup tg : all) {
            if (tg.cfsRq[cpu].tree().size() > 0) {
                return true;
            }
        }
        return false;
    }

    /** @return the groups in the order {@code load_balance_fair} walks a run queue's leaf cfs_rqs */
    List<TaskGroup> leafOrder() {
        return leafOrder;
    }

    /** @return the tree work counter over every queue of {@code rq}'s CPU, see {@link CfsCosts#mark} */
    long mark(Rq rq) {
        long m = CfsCosts.mark(rq.cfs.tree());
        int cpu = rq.cpu.id();
        for (TaskGroup tg : all) {
            m += CfsCosts.mark(tg.cfsRq[cpu].tree());
        }
        return m;
    }

    /**
     * 2.6.25 {@code load_balance_monitor}: every interval, {@code rebalance_shares} over the one domain; the interval
     * doubles (up to the maximum) while nothing changed and returns to the minimum when a weight moved.
     */
    private void loadBalanceMonitor(Cpu cpu, long now) {
        boolean balanced = rebalanceShares(cpu);
        monitorInterval = balanced ? Math.min(monitorInterval * 2, MAX_BAL_INT_NS) : MIN_BAL_INT_NS;
        monitor.start(cpu, now + monitorInterval);
    }

    /**
     * 2.6.25 {@code rebalance_shares}: each group's {@code tg->shares} spread over the CPUs in proportion to the
     * group's load on each ({@code tg->cfs_rq[i]->load.weight}), at least {@link #MIN_GROUP_SHARES}; each change is
     * {@code set_se_shares} under that CPU's rq lock. @return whether no weight changed
     */
    boolean rebalanceShares(Cpu running) {
        boolean balanced = true;
        for (TaskGroup tg : all) {
            long total = 0;
            for (CfsRq q : tg.cfsRq) {
                total += q.loadWeight;
            }
            s.costs.chargeBalance(running, tg.cfsRq.length);
            if (total == 0) {
                continue;
            }
            for (int i = 0; i < tg.cfsRq.length; i++) {
                long local = Math.max(MIN_GROUP_SHARES, tg.cfsRq[i].loadWeight * tg.shares / total);
                if (local != tg.se[i].weight) {
                    Rq rq = s.rqs[i];
                    s.kernel.spinLock(running, rq.lock);
                    setSeShares(tg.se[i], local, rq.clock(running));
                    s.kernel.spinUnlock(running, rq.lock);
                    balanced = false;
                }
            }
        }
        return balanced;
    }

    /** {@code set_se_shares}: a queued entity is dequeued, reweighted and enqueued again. */
    static void setSeShares(SchedEntity se, long shares, long now) {
        boolean onRq = se.onRq;
        if (onRq) {
            se.cfsRq.dequeueEntity(se, now);
        }
        se.setWeight(shares);
        if (onRq) {
            se.cfsRq.enqueueEntity(se, false, now);
        }
    }
}
