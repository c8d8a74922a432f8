/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import java.util.ArrayList;
import java.util.List;
import org.schedlab.sim.Cancellation;
import org.schedlab.sim.ProgressListener;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.event.SimEvent;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.spi.EngineInfo;
import org.schedlab.sim.spi.PatchInfo;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.task.TaskState;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;

/** Boots the machine, runs the event loop with progress and cancellation, and closes the books. */
public final class Runner {
    private static final org.schedlab.sim.machine.Cpu.KernelOps CPU = KernelMutators.cpu();
    private static final org.schedlab.sim.task.Task.KernelOps TASK = KernelMutators.task();
    private static final int CANCEL_POLL_MASK = 4095;

    private final KernelImpl k;

    public Runner(KernelImpl k) {
        this.k = k;
    }

    /** Runs the configured simulation to its end or until cancelled. */
    public SimResult run(ProgressListener progress, Cancellation cancel) {
        boot();
        long end = k.cfg.endNs();
        long step = Math.max(1, end / 100);
        long nextProgress = step;
        long events = 0;
        SimResult.Status status = SimResult.Status.COMPLETED;
        long stop = end;
        while (k.queue.peekTime() <= end) {
            SimEvent e = k.queue.poll();
            e.fire(k.queue.now());
            events++;
            if ((events & CANCEL_POLL_MASK) == 0 && cancel.isCancelled()) {
                status = SimResult.Status.CANCELLED;
                stop = k.queue.now();
                break;
            }
            if (k.liveTasks == 0 && k.allTasksEverCreated() > 0) {
                stop = k.queue.now(); // every task has exited: the run is over (hackbench's elapsed time)
                break;
            }
            if (k.queue.now() >= nextProgress) {
                progress.progress(k.queue.now(), end);
                nextProgress = (k.queue.now() / step + 1) * step;
            }
        }
        finish(stop);
        k.startMeasurement(stop); // cancelled during the warm-up: an empty window
        if (status == SimResult.Status.COMPLETED) {
            progress.progress(end, end);
        }
        k.reportMemory();
        return new ResultBuilder(k).build(status, stop, events);
    }

    private void boot() {
        validate(k.cfg.engine().info(), k.cfg.scheduler());
        for (Cpu cpu : k.machine().cpus()) {
            Task idle = new Task(-1 - cpu.id(), "swapper/" + cpu.id(), null, true);
            idle.setProcessor(cpu.id());
            TASK.setOnCpu(idle, cpu.id());
            CPU.setIdle(cpu, idle);
            CPU.setCurr(cpu, idle);
        }
        k.sched = k.cfg.engine().create(k.cfg.scheduler(), k);
        refuseGroups(k.cfg.workload(), k.sched, k.cfg.engine().info().id() + " " + k.cfg.scheduler().version());
        k.machine().markBooted();
        for (ThreadGroup g : k.cfg.workload().groups()) {
            registerCounters(g.program().actions(), 0);
        }
        List<Task> boot = new ArrayList<>();
        int n = k.machine().nrCpus();
        for (ThreadGroup g : k.cfg.workload().groups()) {
            long[] mask = mask(g, n);
            org.schedlab.sim.task.Mm shared = g.threads() ? k.newMm() : null;
            for (int i = 0; i < g.count(); i++) {
                Task t = k.newTask(g.name() + "-" + i, g.program(), g.threads() ? shared : k.newMm());
                TASK.setSchedAttributes(t, g.policy(), g.nice(), g.rtPriority());
                TASK.setSlice(t, g.sliceNs());
                TASK.setCGroup(t, g.cgroup());
                TASK.setAllowed(t, mask);
                TASK.setHoldsBkl(t, g.holdsBkl());
                ((TaskContext) TASK.context(t)).image = g.image();
                t.setProcessor(firstAllowed(t, boot.size() % n, n));
                k.directedYield.add(g.name(), t);
                boot.add(t);
            }
        }
        boot.addAll(BackgroundWork.kworkers(k));
        k.booting = true;
        for (Task t : boot) {
            k.sched.initTask(t);
        }
        for (Task t : boot) {
            if (((TaskContext) TASK.context(t)).kernelThread) {
                // the machine's own work is found asleep, as at most moments: its first sleep began before the run
                k.interp.bootAsleep(t);
                continue;
            }
            TASK.setState(t, TaskState.RUNNING);
            t.stats().runnableSince = 0;
            k.active = k.machine().cpu(t.processor());
            k.sched.tryToWakeUp(t, k.active, false);
        }
        k.booting = false;
        for (Cpu cpu : k.machine().cpus()) {
            cpu.setNeedResched(true);
        }
        k.driver.boot();
        if (k.cfg.warmupNs() > 0) {
            k.queue.schedule(new WarmupEnd(), k.cfg.warmupNs());
        }
    }

    /**
     * The end of the warm-up. Events of its instant belong to the warm-up (a run of duration d counts the events
     * at d), so it moves behind them (ties go by scheduling order) until it is the last one there.
     */
    private final class WarmupEnd extends SimEvent {
        @Override
        public void fire(long now) {
            if (k.queue.peekTime() == now) {
                k.queue.schedule(this, now);
            } else {
                k.startMeasurement(now);
            }
        }
    }

    /**
     * A workload with task groups needs an engine that schedules them as given: each group (parents first) is
     * offered to {@link org.schedlab.sim.spi.Scheduler#createGroup}, and the first one refused stops the run with
     * the engine's reason instead of being ignored.
     */
    static void refuseGroups(org.schedlab.sim.workload.Workload w, org.schedlab.sim.spi.Scheduler s, String engine) {
        java.util.Set<String> made = new java.util.HashSet<>();
        for (ThreadGroup g : w.groups()) {
            java.util.List<org.schedlab.sim.workload.CGroup> used = new java.util.ArrayList<>();
            if (g.cgroup() != null) {
                used.add(g.cgroup());
            }
            forkedCGroups(g.program().actions(), 0, used);
            for (org.schedlab.sim.workload.CGroup c : used) {
                createGroup(c, c, g, s, engine, made);
            }
        }
    }

    private static void createGroup(org.schedlab.sim.workload.CGroup c, org.schedlab.sim.workload.CGroup leaf,
            ThreadGroup g, org.schedlab.sim.spi.Scheduler s, String engine, java.util.Set<String> made) {
        if (c.parent() != null) {
            createGroup(c.parent(), leaf, g, s, engine, made);
        }
        if (!made.add(c.name())) {
            return;
        }
        String refused = s.createGroup(c);
        if (refused != null) {
            String of = c == leaf ? "cgroup " + c.name() : "cgroup " + c.name() + ", parent of " + leaf.name();
            int hint = refused.indexOf("; "); // the group is named after what is refused, before any hint
            String what = hint < 0 ? refused : refused.substring(0, hint);
            throw new IllegalArgumentException("the " + engine + " engine " + what + " (" + of + " of " + g.name()
                    + ")" + (hint < 0 ? "" : refused.substring(hint)));
        }
    }

    private static void forkedCGroups(List<Action> body, int depth, List<org.schedlab.sim.workload.CGroup> out) {
        if (depth > 64) {
            return;
        }
        for (Action a : body) {
            switch (a) {
                case Action.Fork f -> {
                    if (f.attrs() != null && f.attrs().cgroup() != null) {
                        out.add(f.attrs().cgroup());
                    }
                    forkedCGroups(f.child().actions(), depth + 1, out);
                }
                case Action.Loop l -> forkedCGroups(l.body(), depth + 1, out);
                case Action.Phase p -> forkedCGroups(p.body(), depth + 1, out);
                default -> {
                }
            }
        }
    }

    /** Unknown versions, patches (or patches for another version) and tunables are refused for every engine. */
    static void validate(EngineInfo info, SchedulerConfig c) {
        if (!info.versions().contains(c.version())) {
            throw new IllegalArgumentException(info.id() + " has no version " + c.version() + "; it has "
                    + info.versions());
        }
        for (String p : c.patches()) {
            PatchInfo patch = info.patch(p).orElseThrow(() -> new IllegalArgumentException(
                    info.id() + " has no patch " + p));
            if (!patch.appliesTo().contains(c.version())) {
                throw new IllegalArgumentException("patch " + p + " applies to " + patch.appliesTo() + ", not "
                        + c.version());
            }
        }
        for (String t : c.tunables().keySet()) {
            if (info.tunable(t).isEmpty()) {
                throw new IllegalArgumentException(info.id() + " has no tunable " + t);
            }
        }
    }

    private void registerCounters(List<Action> body, int depth) {
        if (depth > 64) {
            return;
        }
        for (Action a : body) {
            switch (a) {
                case Action.Count c -> k.counterId(c.counter());
                case Action.Loop l -> registerCounters(l.body(), depth + 1);
                case Action.Phase p -> registerCounters(p.body(), depth + 1);
                case Action.Fork f -> registerCounters(f.child().actions(), depth + 1);
                case Action.Exec e -> registerCounters(e.program().actions(), depth + 1);
                default -> {
                }
            }
        }
    }

    private static long[] mask(ThreadGroup g, int n) {
        try {
            return mask(g.cpus(), n);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("group " + g.name() + " " + e.getMessage());
        }
    }

    /** @return the affinity mask of {@code cpus} on {@code n} CPUs, null for every CPU (an empty set) */
    static long[] mask(java.util.Set<Integer> cpus, int n) {
        if (cpus.isEmpty()) {
            return null;
        }
        long[] m = new long[(n + 63) >>> 6];
        boolean any = false;
        for (int c : cpus) {
            if (c < 0 || c >= n) {
                throw new IllegalArgumentException("names cpu" + c + " of " + n);
            }
            m[c >>> 6] |= 1L << (c & 63);
            any = true;
        }
        return any ? m : null;
    }

    private static int firstAllowed(Task t, int from, int n) {
        for (int i = 0; i < n; i++) {
            int c = (from + i) % n;
            if (t.allowedOn(c)) {
                return c;
            }
        }
        throw new IllegalArgumentException(t + " is allowed on no CPU");
    }

    /** Closes every open user or idle segment at {@code stop} and checks the books. */
    private void finish(long stop) {
        for (Cpu cpu : k.machine().cpus()) {
            if (cpu.mode() != Cpu.Mode.KERNEL && cpu.segmentStart() <= stop) {
                long len = CPU.endSegment(cpu, stop);
                if (!cpu.curr().isIdleTask()) {
                    k.interp.userInterrupted(cpu.curr(), k.speed == null ? len : k.speed.userWork(cpu.id(), len));
                }
            }
            if (k.inv != null) {
                k.inv.checkBooks(cpu);
            }
        }
        if (k.inv != null) {
            k.inv.sweep();
        }
    }
}
