/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.testing;

import java.util.function.Function;

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.spi.EngineInfo;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.Scheduler;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.task.Task;

/**
 * Any engine with its own data structures checked after every hook that changes them: wraps the engine's
 * schedulers and calls {@code check} (which answers null when all is well, else what is wrong) after each
 * wakeup, schedule, yield, tick and balance. A broken structure fails the run at the hook that broke it.
 */
public class CheckingEngine implements SchedulerEngine {

    private final SchedulerEngine inner;
    private final Function<Scheduler, String> check;
    private Scheduler last;
    private long checks;

    /** @param check the engine's own consistency check of one of its schedulers: null when consistent */
    public CheckingEngine(SchedulerEngine inner, Function<Scheduler, String> check) {
        this.inner = inner;
        this.check = check;
    }

    /** @return how many times the check ran */
    public long checks() {
        return checks;
    }

    /** @return the engine's scheduler created last (unwrapped), for tests that read engine-side figures */
    public Scheduler last() {
        return last;
    }

    @Override
    public EngineInfo info() {
        return inner.info();
    }

    @Override
    public Scheduler create(SchedulerConfig config, Kernel kernel) {
        Scheduler s = inner.create(config, kernel);
        last = s;
        return new Checked(s, kernel);
    }

    private final class Checked implements Scheduler {
        private final Scheduler s;
        private final Kernel kernel;

        Checked(Scheduler s, Kernel kernel) {
            this.s = s;
            this.kernel = kernel;
        }

        private void verify(String hook) {
            checks++;
            String e = check.apply(s);
            if (e != null) {
                throw new AssertionError("after " + hook + " at " + kernel.now() + " ns: " + e);
            }
        }

        @Override
        public void initTask(Task p) {
            s.initTask(p);
        }

        @Override
        public void wakeUpNewTask(Task child, Task parent, Cpu cpu) {
            s.wakeUpNewTask(child, parent, cpu);
            verify("wake_up_new_task");
        }

        @Override
        public void tryToWakeUp(Task p, Cpu waker, boolean sync) {
            s.tryToWakeUp(p, waker, sync);
            verify("try_to_wake_up");
        }

        @Override
        public Task schedule(Cpu cpu, Task prev) {
            Task t = s.schedule(cpu, prev);
            verify("schedule");
            return t;
        }

        @Override
        public void scheduleTail(Cpu cpu, Task prev) {
            s.scheduleTail(cpu, prev);
            verify("schedule_tail");
        }

        @Override
        public void sysSchedYield(Task p, Cpu cpu) {
            s.sysSchedYield(p, cpu);
            verify("sys_sched_yield");
        }

        @Override
        public void schedulerTick(Cpu cpu, Task curr) {
            s.schedulerTick(cpu, curr);
            verify("scheduler_tick");
        }

        @Override
        public void exit(Task p, Cpu cpu) {
            s.exit(p, cpu);
        }

        @Override
        public void loadBalance(Cpu cpu, boolean idle) {
            s.loadBalance(cpu, idle);
            verify("load_balance");
        }

        @Override
        public boolean yieldTo(Task p, Task target, Cpu cpu) {
            boolean done = s.yieldTo(p, target, cpu);
            verify("yield_to");
            return done;
        }

        @Override
        public int nrRunning(Cpu cpu) {
            return s.nrRunning(cpu);
        }

        @Override
        public boolean onRunQueue(Task p) {
            return s.onRunQueue(p);
        }

        @Override
        public void idleLoop(Cpu cpu) {
            s.idleLoop(cpu);
        }

        @Override
        public long timerSlackNs(Task p) {
            return s.timerSlackNs(p);
        }

        @Override
        public boolean groupScheduling() {
            return s.groupScheduling();
        }

        @Override
        public String createGroup(org.schedlab.sim.workload.CGroup g) {
            return s.createGroup(g);
        }
    }
}
