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
import java.util.List;

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.spi.HrTimer;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.workload.CGroup;

/**
 * CFS bandwidth control of one task group ({@code struct cfs_bandwidth}, Linux 6.18 kernel/sched/fair.c): a
 * global pool refilled with the quota each period by the period hrtimer ({@code sched_cfs_period_timer},
 * {@code __refill_cfs_bandwidth_runtime}, capped at quota + burst), handed to the group's per-CPU queues in
 * slices of {@code sched_cfs_bandwidth_slice_us} ({@code assign_cfs_rq_runtime}); a queue whose runtime is spent
 * is throttled ({@code throttle_cfs_rq}) at its next {@code check_cfs_rq_runtime}, and unthrottled when a
 * period's refill is distributed to it ({@code distribute_cfs_runtime}); a queue that empties returns all but
 * 1 ms of what it holds, and the slack timer hands that to throttled queues ({@code __return_cfs_rq_runtime},
 * {@code do_sched_cfs_slack_timer}). The period timer's grid starts at boot (an hrtimer's expiry starts at 0 and
 * is forwarded by whole periods), and it stops after a period in which nobody asked for runtime.
 * Departure: 6.18 throttles task by task as each returns to user space (the task-based throttle); here the
 * group's entity leaves its parent queue at once, as 6.17 does. A remote queue is unthrottled under its lock from
 * the timer's CPU (the kernel sends it a CSD).
 */
final class CfsBandwidth {
    /** {@code min_cfs_rq_runtime}: what a queue keeps when it returns its runtime (1 ms). */
    static final long MIN_CFS_RQ_RUNTIME_NS = 1_000_000L;
    /** {@code cfs_bandwidth_slack_period}: the slack timer's delay (5 ms). */
    static final long SLACK_PERIOD_NS = 5_000_000L;
    /** {@code min_bandwidth_expiration}: no slack distribution this close to the refill (2 ms). */
    static final long MIN_EXPIRATION_NS = 2_000_000L;

    private final EevdfScheduler s;
    final long quota;
    final long period;
    final long burst;
    /** {@code runtime}: the pool, ns (never negative). */
    long runtime;
    /** {@code idle}: nobody took runtime since the last period. */
    boolean idle;
    private boolean slackStarted;
    private final HrTimer periodTimer;
    private final HrTimer slackTimer;
    /** {@code throttled_cfs_rq}: the group's throttled queues, in the order they were throttled. */
    final List<CfsRq> throttledCfsRq = new ArrayList<>();
    /** cpu.stat: nr_periods, nr_throttled, throttled time (ns). */
    long nrPeriods;
    long nrThrottled;
    long throttledTimeNs;
    private TaskGroup tg;
    private int periodsId;
    private int throttledId;
    private int throttledUsId;
    private long throttledUsReported;

    CfsBandwidth(EevdfScheduler s, CGroup spec) {
        this.s = s;
        this.quota = spec.quotaNs();
        this.period = spec.periodNs();
        this.burst = spec.burstNs();
        this.runtime = quota; // tg_set_cfs_bandwidth refills once
        this.periodTimer = s.kernel.newHrTimer("cfs_bandwidth " + spec.name() + " period", this::periodTimerFired);
        this.slackTimer = s.kernel.newHrTimer("cfs_bandwidth " + spec.name() + " slack", this::slackTimerFired);
    }

    /** The group whose queues this controls; its cpu.stat counters are engine counters named after it. */
    void attach(TaskGroup g) {
        this.tg = g;
        String n = TaskGroup.counterName(g.spec);
        var m = s.kernel.metrics();
        periodsId = m.engineCounterId("nr_periods_" + n);
        throttledId = m.engineCounterId("nr_throttled_" + n);
        throttledUsId = m.engineCounterId("throttled_usec_" + n);
    }

    /** {@code sched_cfs_bandwidth_slice}: sysctl_sched_cfs_bandwidth_slice_us. */
    private long slice() {
        return s.tunables.cfsBandwidthSliceNs();
    }

    /** {@code __account_cfs_rq_runtime}: the running entity used {@code delta}; out of runtime: ask, else resched. */
    void accountCfsRqRuntime(CfsRq q, long delta) {
        q.runtimeRemaining -= delta;
        if (q.runtimeRemaining > 0 || q.throttled) {
            return;
        }
        if (!assignCfsRqRuntime(q, slice(), s.rqs[q.cpu].cpu) && q.curr != null) {
            q.root.requestResched();
        }
    }

    /**
     * {@code __assign_cfs_rq_runtime}: top the queue up to {@code target} from the pool as far as it holds,
     * starting the period timer if it is not running.
     *
     * @return whether the queue now has runtime
     */
    private boolean assignCfsRqRuntime(CfsRq q, long target, Cpu cpu) {
        long minAmount = target - q.runtimeRemaining;
        long amount = 0;
        startCfsBandwidth(cpu);
        if (runtime > 0) {
            amount = Math.min(runtime, minAmount);
            runtime -= amount;
            idle = false;
        }
        q.runtimeRemaining += amount;
        return q.runtimeRemaining > 0;
    }

    /** {@code start_cfs_bandwidth}: arm the period timer at the next point of its grid. */
    private void startCfsBandwidth(Cpu cpu) {
        if (periodTimer.active()) {
            return;
        }
        long now = cpu.now();
        periodTimer.start(cpu, (now / period + 1) * period);
    }

    /**
     * {@code check_cfs_rq_runtime}: a queue out of runtime is throttled unless one more nanosecond can be had.
     *
     * @return whether it is throttled
     */
    boolean checkCfsRqRuntime(CfsRq q, Cpu cpu) {
        if (q.runtimeRemaining > 0) {
            return false;
        }
        if (q.throttled) {
            return true;
        }
        return throttleCfsRq(q, cpu);
    }

    /** {@code check_enqueue_throttle}: a queue that gets its first entity while not running must have runtime. */
    void checkEnqueueThrottle(CfsRq q, Cpu cpu) {
        if (q.curr != null || q.throttled) {
            return;
        }
        accountCfsRqRuntime(q, 0);
        if (q.runtimeRemaining <= 0) {
            throttleCfsRq(q, cpu);
        }
    }

    private boolean throttleCfsRq(CfsRq q, Cpu cpu) {
        if (assignCfsRqRuntime(q, 1, cpu)) {
            return false;
        }
        throttledCfsRq.add(q);
        Rq rq = s.rqs[q.cpu];
        dequeueThrottled(q, rq.clock(), cpu);
        q.throttled = true;
        q.throttledClock = rq.clock();
        return true;
    }

    /** {@code unthrottle_cfs_rq}: the throttled time is booked, the group's entity queued again. */
    private void unthrottleCfsRq(CfsRq q, Cpu cpu) {
        Rq rq = s.rqs[q.cpu];
        rq.updateRqClock(cpu);
        q.throttled = false;
        throttledTimeNs += rq.clock() - q.throttledClock;
        long us = throttledTimeNs / 1000;
        s.kernel.metrics().engineCounter(throttledUsId, us - throttledUsReported);
        throttledUsReported = us;
        throttledCfsRq.remove(q);
        enqueueUnthrottled(q, rq.clock(), cpu);
        s.after(rq, cpu);
    }

    /**
     * {@code distribute_cfs_runtime}: each throttled queue in turn gets what brings it to 1 ns of runtime, as far
     * as the pool holds, and is unthrottled (under its run queue's lock).
     */
    private void distributeCfsRuntime(Cpu cpu) {
        for (CfsRq q : List.copyOf(throttledCfsRq)) {
            if (runtime <= 0) {
                return;
            }
            Rq rq = s.rqs[q.cpu];
            s.kernel.spinLock(cpu, rq.lock);
            rq.updateRqClock(cpu);
            long r = Math.min(-q.runtimeRemaining + 1, runtime);
            runtime -= r;
            q.runtimeRemaining += r;
            if (q.runtimeRemaining > 0) {
                unthrottleCfsRq(q, cpu);
            }
            s.kernel.spinUnlock(cpu, rq.lock);
        }
    }

    /**
     * {@code sched_cfs_period_timer} / {@code do_sched_cfs_period_timer}: the periods that passed are counted and
     * the pool refilled; if queues are throttled the period counts as throttled and the runtime is distributed;
     * a period nobody used stops the timer.
     */
    private void periodTimerFired(Cpu cpu, long now) {
        long expires = periodTimer.expires();
        long overrun = Math.max(1, (now - expires) / period + 1);
        nrPeriods += overrun;
        s.kernel.metrics().engineCounter(periodsId, overrun);
        runtime = Math.min(runtime + quota, quota + burst);
        boolean throttled = !throttledCfsRq.isEmpty();
        if (idle && !throttled) {
            return; // out_deactivate: the timer is not armed again
        }
        if (!throttled) {
            idle = true;
        } else {
            nrThrottled += overrun;
            s.kernel.metrics().engineCounter(throttledId, overrun);
            distributeCfsRuntime(cpu);
            idle = false;
        }
        periodTimer.start(cpu, expires + overrun * period);
    }

    /** {@code __return_cfs_rq_runtime}: a queue that emptied keeps 1 ms and gives the rest back. */
    void returnCfsRqRuntime(CfsRq q, Cpu cpu) {
        long slack = q.runtimeRemaining - MIN_CFS_RQ_RUNTIME_NS;
        if (slack <= 0) {
            return;
        }
        runtime += slack;
        if (runtime > slice() && !throttledCfsRq.isEmpty()) {
            startSlackTimer(cpu);
        }
        q.runtimeRemaining -= slack;
    }

    /** {@code start_cfs_slack_bandwidth}: not when the refill is near or the slack timer is already pending. */
    private void startSlackTimer(Cpu cpu) {
        if (refreshWithin(cpu.now(), SLACK_PERIOD_NS + MIN_EXPIRATION_NS) || slackStarted) {
            return;
        }
        slackStarted = true;
        slackTimer.start(cpu, cpu.now() + SLACK_PERIOD_NS);
    }

    /** {@code runtime_refresh_within}: the period timer fires within {@code ns}. */
    private boolean refreshWithin(long now, long ns) {
        return periodTimer.active() && periodTimer.expires() - now < ns;
    }

    /** {@code do_sched_cfs_slack_timer}: hand a pool larger than a slice to the throttled queues. */
    private void slackTimerFired(Cpu cpu, long now) {
        slackStarted = false;
        if (refreshWithin(now, MIN_EXPIRATION_NS) || runtime <= slice()) {
            return;
        }
        distributeCfsRuntime(cpu);
    }

    /**
     * {@code throttle_cfs_rq}'s dequeue: the group's entity leaves its parent queue, and every entity above that
     * queue leaves as its queue empties; the queues above lose the group's tasks ({@code h_nr_queued}).
     */
    private void dequeueThrottled(CfsRq q, long now, Cpu running) {
        GroupSched groups = s.groups;
        int queued = q.hNrQueued;
        int delayed = q.hNrDelayed;
        SchedEntity e = q.tg.se[q.cpu];
        for (; e != null; e = e.parentEntity) {
            if (!e.onRq) {
                return;
            }
            CfsRq pq = groups.cfsRqOf(e);
            long mark = pq.tree().work();
            pq.dequeueEntity(e, now, true, false);
            s.costs.chargeRqOp(running, SchedFn.DEQUEUE);
            s.costs.chargeTree(running, SchedFn.DEQUEUE, pq.tree(), mark);
            pq.hNrQueued -= queued;
            pq.hNrDelayed -= delayed;
            if (pq.loadWeight != 0) {
                e = e.parentEntity;
                break;
            }
        }
        for (; e != null; e = e.parentEntity) {
            if (!e.onRq) {
                return;
            }
            CfsRq pq = groups.cfsRqOf(e);
            pq.hNrQueued -= queued;
            pq.hNrDelayed -= delayed;
        }
    }

    /**
     * {@code unthrottle_cfs_rq}'s enqueue: a group queue with something queued puts its entity back, and each one
     * above that is not queued, to a throttled queue; the queues above count its tasks again. An idle CPU that
     * now has work is rescheduled.
     */
    private void enqueueUnthrottled(CfsRq q, long now, Cpu running) {
        GroupSched groups = s.groups;
        if (q.loadWeight == 0) {
            return;
        }
        int queued = q.hNrQueued;
        int delayed = q.hNrDelayed;
        SchedEntity e = q.tg.se[q.cpu];
        boolean stopped = false;
        for (; e != null; e = e.parentEntity) {
            if (e.onRq) {
                break;
            }
            CfsRq pq = groups.cfsRqOf(e);
            long mark = pq.tree().work();
            groups.updateCfsGroup(e, now);
            pq.enqueueEntity(e, now, false);
            s.costs.chargeRqOp(running, SchedFn.ENQUEUE);
            s.costs.chargeTree(running, SchedFn.ENQUEUE, pq.tree(), mark);
            pq.hNrQueued += queued;
            pq.hNrDelayed += delayed;
            if (pq.throttled) {
                stopped = true;
                break;
            }
        }
        for (; !stopped && e != null; e = e.parentEntity) {
            CfsRq pq = groups.cfsRqOf(e);
            pq.hNrQueued += queued;
            pq.hNrDelayed += delayed;
            if (pq.throttled) {
                break;
            }
        }
        Rq rq = s.rqs[q.cpu];
        if (rq.cpu.curr() == null || rq.cpu.curr().isIdleTask()) {
            if (rq.cfs.nrQueued > 0) {
                s.kernel.reschedTask(rq.cpu, running);
            }
        }
    }

    /** @return the group this controls */
    TaskGroup group() {
        return tg;
    }
}
