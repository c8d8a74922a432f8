package org.schedlab.engine.cfs.tests;

import org.schedlab.engine.cfs.CfsEngine;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.spi.EngineInfo;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.Scheduler;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.task.Task;

/**
 * The CFS engine with its run queues checked after every hook (red-black properties, caches,
 * nr_running), remembering the last scheduler it created so tests can read engine-side figures.
 */
final class CheckingCfsEngine implements SchedulerEngine {

    private final CfsEngine inner = new CfsEngine();
    private final boolean check;
    Scheduler last;
    long checks;

    CheckingCfsEngine(boolean check) {
        this.check = check;
    }

    @Override
    public EngineInfo info() {
        return inner.info();
    }

    @Override
    public Scheduler create(SchedulerConfig config, Kernel kernel) {
        Scheduler s = inner.create(config, kernel);
        last = s;
        return new Scheduler() {
            private void verify(String hook) {
                if (check) {
                    checks++;
                    String e = CfsEngine.checkRunQueues(s);
                    if (e != null) {
                        throw new AssertionError("after " + hook + " at " + kernel.now() + " ns: " + e);
                    }
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
            public void loadBalance(Cpu cpu, boolean idle) {
                s.loadBalance(cpu, idle);
                verify("load_balance");
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
