package org.example.schedlab.engine.lottery.tests;

import org.example.schedlab.engine.lottery.LotteryEngine;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.spi.EngineInfo;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.Scheduler;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.task.Task;

/** The lottery engine with its run queue (links, size, ticket total) checked after every hook. */
final class CheckingLotteryEngine implements SchedulerEngine {
    private final LotteryEngine inner = new LotteryEngine();
    long checks;

    @Override
    public EngineInfo info() {
        return inner.info();
    }

    @Override
    public Scheduler create(SchedulerConfig config, Kernel kernel) {
        Scheduler s = inner.create(config, kernel);
        return new Scheduler() {
            private void verify(String hook) {
                checks++;
                String e = LotteryEngine.checkRunQueue(s);
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
            public int nrRunning(Cpu cpu) {
                return s.nrRunning(cpu);
            }

            @Override
            public boolean onRunQueue(Task p) {
                return s.onRunQueue(p);
            }
        };
    }
}
