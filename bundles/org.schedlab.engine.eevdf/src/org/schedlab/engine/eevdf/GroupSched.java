/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.eevdf;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.workload.CGroup;

/**
 * CONFIG_FAIR_GROUP_SCHED as Linux 6.18 kernel/sched/fair.c does it: the walks of {@code for_each_sched_entity}
 * from a task's entity up through its groups' entities ({@code enqueue_task_fair}, {@code dequeue_entities},
 * {@code pick_task_fair}'s descent, {@code put_prev_task_fair}, {@code set_next_task_fair},
 * {@code task_tick_fair}), each group's weight spread over the CPUs ({@code update_cfs_group},
 * {@code calc_group_shares}, {@code reweight_entity}), the PICK_BUDDY {@code next} a sleeping task leaves its
 * group, and the hierarchy counts ({@code h_nr_queued}, {@code h_nr_runnable}) that stop at a throttled queue.
 * Used only in runs with task groups: a run without them keeps the flat paths of {@link EevdfScheduler}.
 * Departures: a group's shares are spread by its queues' instantaneous {@code load.weight}, not PELT's load_avg
 * ({@link GroupShares#calcGroupShares}); a group entity leaves its parent at once when its queue empties (6.12+
 * may delay its dequeue like a task's).
 */
final class GroupSched {
    private final EevdfScheduler s;
    private final Map<String, TaskGroup> groups = new LinkedHashMap<>();
    /** The same groups in the order they were made (parents before children), for walks from the leaves up. */
    private final List<TaskGroup> made = new ArrayList<>();

    GroupSched(EevdfScheduler s) {
        this.s = s;
    }

    /** @return every group made so far, parents before children */
    List<TaskGroup> groups() {
        return made;
    }

    /** @return the engine's group for {@code spec} ({@code sched_create_group} the first time it is named) */
    TaskGroup group(CGroup spec) {
        TaskGroup g = groups.get(spec.name());
        if (g == null) {
            TaskGroup parent = spec.parent() == null ? null : group(spec.parent());
            CfsBandwidth bw = spec.limited() ? new CfsBandwidth(s, spec) : null;
            g = new TaskGroup(spec, parent, s.rqs, bw);
            if (bw != null) {
                bw.attach(g);
            }
            String n = TaskGroup.counterName(spec);
            g.usage = new org.schedlab.sim.metrics.UsecCounter(s.kernel.metrics(), "usage_usec_" + n);
            for (String stat : new String[] {"nr_periods_", "nr_throttled_", "throttled_usec_"}) {
                s.kernel.metrics().engineCounterId(stat + n); // reported as 0 for a group without a quota
            }
            groups.put(spec.name(), g);
            made.add(g);
        }
        return g;
    }

    /** {@code set_task_rq}: the task's entity belongs to its group's queue on {@code cpu}. */
    void setTaskRq(Task p, SchedEntity se, int cpu) {
        CGroup c = p.cgroup();
        TaskGroup g = c == null || c.auto() && !s.tunables.autogroupEnabled() ? null : group(c);
        se.parentEntity = g == null ? null : g.se[cpu];
        se.depth = g == null ? 0 : g.se[cpu].depth + 1;
    }

    /** {@code cfs_rq_of}: the queue the entity is (to be) queued on. */
    CfsRq cfsRqOf(SchedEntity se) {
        return se.parentEntity == null ? s.rqs[se.cpu].cfs : se.parentEntity.myQ;
    }

    /**
     * {@code enqueue_task_fair}: enqueue the task, then each group entity above it that is not queued yet (its
     * slice that of its queue's shortest request), stopping at a throttled queue; the groups above that were
     * queued already are reweighted and count the task.
     */
    void enqueueTaskFair(SchedEntity se, long now, boolean initial, Cpu running) {
        SchedEntity e = se;
        long slice = 0;
        boolean task = true;
        for (; e != null; e = e.parentEntity) {
            if (e.onRq) {
                break;
            }
            CfsRq q = cfsRqOf(e);
            long mark = q.tree().work();
            if (!task) {
                e.slice = slice;
                updateCfsGroup(e, now);
            }
            q.enqueueEntity(e, now, task && initial);
            if (!task) {
                q.hNrQueued++;
                s.costs.chargeRqOp(running, SchedFn.ENQUEUE);
                s.costs.chargeTree(running, SchedFn.ENQUEUE, q.tree(), mark);
            }
            if (q.bandwidth != null && q.nrQueued == 1) {
                q.bandwidth.checkEnqueueThrottle(q, running);
            }
            slice = SliceProtection.cfsRqMinSlice(q);
            task = false;
            if (q.throttled) {
                return;
            }
        }
        for (; e != null; e = e.parentEntity) {
            CfsRq q = cfsRqOf(e);
            LoadAvg.updateLoadAvg(q, e, now, LoadAvg.UPDATE_TG);
            updateCfsGroup(e, now);
            e.slice = slice;
            slice = SliceProtection.cfsRqMinSlice(q);
            q.hNrQueued++;
            if (q.throttled) {
                return;
            }
        }
    }

    /**
     * {@code dequeue_entities}: dequeue the task (which may be delayed instead: then only the counts of runnable
     * tasks above change), then each group entity whose queue it left empty; a group that keeps others gets the
     * PICK_BUDDY {@code next} when the task went to sleep; the groups above are reweighted and lose the task.
     *
     * @param wasDelayed the task's dequeue had been delayed and now completes (DEQUEUE_DELAYED)
     * @return false when the task's dequeue was delayed
     */
    boolean dequeueTaskFair(SchedEntity se, long now, boolean sleep, boolean mayDelay, boolean wasDelayed,
            Cpu running) {
        SchedEntity e = se;
        long slice = 0;
        boolean task = true;
        for (; e != null; e = e.parentEntity) {
            CfsRq q = cfsRqOf(e);
            long mark = q.tree().work();
            if (task && wasDelayed) {
                q.finishDelayedDequeue(e, now);
            } else if (!q.dequeueEntity(e, now, sleep, task && mayDelay)) {
                runnableAbove(q, -1);
                return false;
            }
            if (!task) {
                q.hNrQueued--;
                q.hNrDelayed -= wasDelayed ? 1 : 0;
                s.costs.chargeRqOp(running, SchedFn.DEQUEUE);
                s.costs.chargeTree(running, SchedFn.DEQUEUE, q.tree(), mark);
            }
            if (q.bandwidth != null && q.nrQueued == 0) {
                q.bandwidth.returnCfsRqRuntime(q, running);
            }
            if (q.throttled) {
                return true;
            }
            if (q.loadWeight != 0) {
                slice = SliceProtection.cfsRqMinSlice(q);
                e = e.parentEntity;
                if (sleep && e != null && !TaskGroup.throttledHierarchy(q)) {
                    setNextBuddy(e);
                }
                break;
            }
            task = false;
            sleep = true;
        }
        for (; e != null; e = e.parentEntity) {
            CfsRq q = cfsRqOf(e);
            LoadAvg.updateLoadAvg(q, e, now, LoadAvg.UPDATE_TG);
            updateCfsGroup(e, now);
            e.slice = slice;
            slice = SliceProtection.cfsRqMinSlice(q);
            q.hNrQueued--;
            q.hNrDelayed -= wasDelayed ? 1 : 0;
            if (q.throttled) {
                break;
            }
        }
        return true;
    }

    /** {@code set_delayed} / {@code clear_delayed} above the task's own queue: runnable counts, to a throttled queue. */
    void runnableAbove(CfsRq q, int runnable) {
        if (q.throttled || q.tg == null) {
            return;
        }
        for (SchedEntity a = q.tg.se[q.cpu]; a != null; a = a.parentEntity) {
            CfsRq aq = cfsRqOf(a);
            aq.hNrDelayed -= runnable;
            if (aq.throttled) {
                return;
            }
        }
    }

    /** {@code set_next_buddy}: the entity and every one above it are their queue's {@code next}. */
    private void setNextBuddy(SchedEntity e) {
        for (; e != null; e = e.parentEntity) {
            if (!e.onRq) {
                return;
            }
            cfsRqOf(e).next = e;
        }
    }

    /**
     * {@code pick_task_fair}: from the root queue down, each level's {@code pick_next_entity} (its eligible
     * {@code next} buddy, else pick_eevdf), a queue out of runtime throttled on the way ({@code check_cfs_rq_runtime}:
     * start again), a delayed task's dequeue finished when it is picked (start again); then
     * {@code set_next_entity} on every level.
     */
    Task pickNextTask(Cpu cpu, Rq rq, long now) {
        while (true) {
            CfsRq q = rq.cfs;
            if (q.nrQueued == 0) {
                return null;
            }
            SchedEntity se = null;
            boolean again = false;
            while (q != null) {
                if (q.curr != null && q.curr.onRq) {
                    q.updateCurr(now);
                }
                if (q.bandwidth != null && q.bandwidth.checkCfsRqRuntime(q, cpu)) {
                    again = true;
                    break;
                }
                se = q.next != null && q.entityEligible(q.next) ? q.next : q.pickEevdf();
                s.lines.pick(cpu, rq, se);
                if (se == null) {
                    return null;
                }
                if (se.delayed) {
                    dequeueTaskFair(se, now, true, false, true, cpu);
                    s.costs.chargeRqOp(cpu, SchedFn.DEQUEUE);
                    again = true;
                    break;
                }
                q = se.myQ;
            }
            if (again) {
                continue;
            }
            for (SchedEntity e = se; e != null; e = e.parentEntity) {
                cfsRqOf(e).setNextEntity(e, now);
            }
            return (Task) se.owner;
        }
    }

    /** {@code put_prev_task_fair}: each level's entity back into its queue, a queue out of runtime throttled. */
    void putPrevTask(SchedEntity se, long now, Cpu cpu) {
        for (SchedEntity e = se; e != null; e = e.parentEntity) {
            CfsRq q = cfsRqOf(e);
            if (q.curr != e) {
                continue;
            }
            if (e.onRq) {
                q.updateCurr(now);
            }
            if (q.bandwidth != null) {
                q.bandwidth.checkCfsRqRuntime(q, cpu);
            }
            q.putPrevEntity(e, now);
        }
    }

    /** {@code task_tick_fair}: {@code entity_tick} on every level: update_curr, then the group's weight again. */
    void taskTick(SchedEntity se, long now) {
        for (SchedEntity e = se; e != null; e = e.parentEntity) {
            CfsRq q = cfsRqOf(e);
            if (q.curr == e) {
                q.entityTick(now);
            }
            updateCfsGroup(e, now);
        }
    }

    /**
     * {@code find_matching_se}: the current task's and the wakee's entities walked up to two entities of one
     * queue.
     *
     * @return {current's, wakee's}
     */
    SchedEntity[] findMatchingSe(SchedEntity se, SchedEntity pse) {
        while (se.depth > pse.depth) {
            se = se.parentEntity;
        }
        while (pse.depth > se.depth) {
            pse = pse.parentEntity;
        }
        while (cfsRqOf(se) != cfsRqOf(pse)) {
            se = se.parentEntity;
            pse = pse.parentEntity;
        }
        return new SchedEntity[] {se, pse};
    }

    /** {@code update_cfs_group}: see {@link GroupShares}. */
    void updateCfsGroup(SchedEntity se, long now) {
        GroupShares.updateCfsGroup(this, se, now);
    }
}
