/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.InvariantViolation;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.spi.Scheduler;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Distribution;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/** Broken engines are stopped with a message naming the time, the CPU and the task. */
class InvariantViolationTest {
    private static final Workload SLEEPERS = Workload.of("s", ThreadGroup.processes("s", 4, Program.of("s",
            Action.Loop.forever(Action.Compute.ns(Time.us(300)), new Action.Sleep(Distribution.constant(Time.us(700)))))));

    private static InvariantViolation broken(Function<Kernel, Scheduler> f) {
        return assertThrows(InvariantViolation.class, () -> Sims.run(Sims.engine("broken", f),
                MachineProfile.piii700().withCpus(2), SLEEPERS, Time.ms(200)));
    }

    /** Delegates to the round-robin scheduler; subclasses break one rule. */
    private static class Wrapper implements Scheduler {
        final Kernel k;
        final Scheduler rr;

        Wrapper(Kernel k) {
            this.k = k;
            this.rr = Sims.rrScheduler(k);
        }

        public void initTask(Task p) {
            rr.initTask(p);
        }

        public void wakeUpNewTask(Task c, Task p, Cpu cpu) {
            rr.wakeUpNewTask(c, p, cpu);
        }

        public void tryToWakeUp(Task p, Cpu w, boolean sync) {
            rr.tryToWakeUp(p, w, sync);
        }

        public Task schedule(Cpu cpu, Task prev) {
            return rr.schedule(cpu, prev);
        }

        public void sysSchedYield(Task p, Cpu cpu) {
            rr.sysSchedYield(p, cpu);
        }

        public void schedulerTick(Cpu cpu, Task curr) {
            rr.schedulerTick(cpu, curr);
        }

        public void exit(Task p, Cpu cpu) {
            rr.exit(p, cpu);
        }

        public boolean onRunQueue(Task p) {
            return rr.onRunQueue(p);
        }
    }

    @Test
    void aTaskRunsOnAtMostOneCpu() {
        InvariantViolation v = broken(k -> new Wrapper(k) {
            @Override
            public Task schedule(Cpu cpu, Task prev) {
                Task next = rr.schedule(cpu, prev);
                if (next.isIdleTask()) {
                    Cpu other = k.machine().cpu(1 - cpu.id());
                    if (!other.isIdle()) {
                        return other.curr();
                    }
                }
                return next;
            }
        });
        assertTrue(v.getMessage().contains("already running on cpu"), v.getMessage());
        assertTrue(v.cpu() >= 0 && v.pid() > 0 && v.timeNs() >= 0);
        assertTrue(v.getMessage().contains("ns, cpu" + v.cpu() + ", pid " + v.pid()), v.getMessage());
    }

    @Test
    void aLostWakeupBreaksRunQueueMembership() {
        InvariantViolation v = broken(k -> new Wrapper(k) {
            int wakeups;

            @Override
            public void tryToWakeUp(Task p, Cpu w, boolean sync) {
                if (++wakeups != 20) {
                    rr.tryToWakeUp(p, w, sync);
                }
            }
        });
        assertTrue(v.getMessage().contains("run-queue membership (not queued) does not match state RUNNING"),
                v.getMessage());
    }

    @Test
    void aSpinlockNeverReleasedIsReported() {
        InvariantViolation v = broken(k -> new Wrapper(k) {
            final org.schedlab.sim.machine.SpinLock lock = k.newLock("leaky");

            @Override
            public void schedulerTick(Cpu cpu, Task curr) {
                k.spinLock(cpu, lock);
            }
        });
        assertTrue(v.getMessage().contains("spinlock leaky taken while held"), v.getMessage());
    }

    @Test
    void chargingAnotherCpuIsRefused() {
        InvariantViolation v = broken(k -> new Wrapper(k) {
            @Override
            public void schedulerTick(Cpu cpu, Task curr) {
                k.charge(k.machine().cpu(1 - cpu.id()), SchedFn.TICK, 10);
            }
        });
        assertTrue(v.getMessage().contains("path is not running"), v.getMessage());
    }

    @Test
    void anEventInThePastIsRefused() {
        InvariantViolation v = assertThrows(InvariantViolation.class, () -> Sims.run(Sims.engine("past",
                k -> new Wrapper(k) {
                    @Override
                    public void schedulerTick(Cpu cpu, Task curr) {
                        if (cpu.id() == 0 && k.now() > Time.ms(50)) {
                            // resched_task "from" CPU 2, whose timeline stopped when it went idle at boot
                            k.reschedTask(k.machine().cpu(1), k.machine().cpu(2));
                        }
                    }
                }), MachineProfile.piii700().withCpus(3).withIdlePolicy(
                        org.schedlab.sim.machine.IdlePolicy.POLL), Workload.of("none"), Time.ms(200)));
        assertTrue(v.getMessage().contains("event scheduled in the past"), v.getMessage());
        assertEquals(1, v.cpu());
    }

    @Test
    void pickingASleepingTaskIsRefused() {
        InvariantViolation v = broken(k -> new Wrapper(k) {
            @Override
            public Task schedule(Cpu cpu, Task prev) {
                Task next = rr.schedule(cpu, prev);
                return next.isIdleTask() && !prev.isIdleTask() ? prev : next;
            }
        });
        assertTrue(v.getMessage().contains("kept a task that is INTERRUPTIBLE"), v.getMessage());
        assertEquals(Integer.MIN_VALUE != v.pid(), true);
    }
}
