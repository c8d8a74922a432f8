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
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.schedlab.sim.InvariantViolation;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.event.EventQueue;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.CostTable;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.Machine;
import org.schedlab.sim.machine.SpinLock;
import org.schedlab.sim.memory.CacheLine;
import org.schedlab.sim.memory.MemorySystem;
import org.schedlab.sim.metrics.Metrics;
import org.schedlab.sim.metrics.TraceEvent;
import org.schedlab.sim.metrics.TraceRecorder;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.spi.Scheduler;
import org.schedlab.sim.task.Mm;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.task.TaskState;
import org.schedlab.sim.workload.Program;

/**
 * The simulation kernel of one run: the {@link Kernel} engines see (charging, spinlocks, resched_task,
 * IPIs) and the shared state of the parts that drive it ({@link CpuDriver}, {@link Switcher},
 * {@link Interpreter}, {@link ProcessOps}, {@link IpcOps}).
 */
public final class KernelImpl implements Kernel {
    private static final org.schedlab.sim.machine.Cpu.KernelOps CPU = KernelMutators.cpu();
    private static final org.schedlab.sim.task.Task.KernelOps TASK = KernelMutators.task();
    final SimConfig cfg;
    final EventQueue queue = new EventQueue();
    private final Machine machine;
    private final CostTable costs;
    private final Metrics metrics;
    private final SplittableRandom random;
    private final List<Task> tasks = new ArrayList<>();
    private final List<Task> tasksView = Collections.unmodifiableList(tasks);
    /** Reaped tasks whose figures the result keeps (at most {@link #EXITED_KEPT}, reaped in the window). */
    final List<Task> reaped = new ArrayList<>();
    /** How many reaped tasks a result lists; later ones stay in the totals only. */
    static final int EXITED_KEPT = 10_000;
    final List<SpinLock> locks = new ArrayList<>();
    /** The workload's action bodies as arrays, shared by the tasks running them. */
    final Bodies bodies = new Bodies();
    final DirectedYield directedYield = new DirectedYield();
    private final Map<String, Integer> phaseIds = new HashMap<>();
    final List<String> phaseNames = new ArrayList<>();
    long[] phaseNs = new long[0];
    final CpuDriver driver;
    private final SpinLocks spinLocks;
    final Switcher switcher;
    final Interpreter interp;
    final InvariantChecker inv;
    Scheduler sched;
    Cpu active;
    boolean booting;
    long endTime;
    Measurement measurement = Measurement.fromBoot();
    private boolean measuring;
    private boolean windowBarrierPassed;
    private int nextPid = 1;
    /** Tasks created and not yet exited (zombies excluded): the run ends when it falls to 0. */
    int liveTasks;

    /** @return how many tasks (idle tasks excluded) the run has created so far */
    int allTasksEverCreated() {
        return nextPid - 1;
    }
    private int nextMm = 1;
    private final long mhz;
    /** resched_task's flag, the polling idle loop's notice and the reschedule IPI. */
    final ReschedIpi resched;
    /** The memory hierarchy, or null when the machine's memory model is off. */
    final MemorySystem memory;
    private final KernelMemory memoryPort;
    /** The process images in the memory model (fork, exec, exit, wait4), or null when the model is off. */
    final ProcessMemory images;
    /** Each CPU's varying speed, or null when every CPU runs at its clock. */
    final CpuSpeed speed;
    final SmpCalls smpCalls;

    public KernelImpl(SimConfig cfg) {
        this.cfg = cfg;
        this.machine = new Machine(cfg.machine());
        this.costs = cfg.machine().costs();
        this.metrics = new Metrics(cfg.traceLimit() > 0 ? new TraceRecorder(cfg.traceLimit()) : null);
        this.random = new SplittableRandom(cfg.seed());
        long ipiLatencyNs = costs.cycles(CostKey.IPI_LATENCY);
        long pollNoticeNs = costs.cycles(CostKey.POLL_NOTICE_LATENCY);
        this.mhz = cfg.machine().mhz();
        this.memory = KernelMemory.newMemory(cfg.machine(), cfg.seed());
        this.memoryPort = new KernelMemory(this);
        this.images = memory == null ? null : new ProcessMemory(this);
        this.speed = CpuSpeed.of(costs, cfg.seed(), machine.nrCpus());
        this.driver = new CpuDriver(this);
        this.smpCalls = new SmpCalls(this, machine.nrCpus(), ipiLatencyNs, pollNoticeNs);
        this.resched = new ReschedIpi(this, ipiLatencyNs, pollNoticeNs);
        this.spinLocks = new SpinLocks(this, mhz);
        this.switcher = new Switcher(this);
        ProcessOps proc = new ProcessOps(this);
        this.interp = new Interpreter(this, proc, new IpcOps(this, proc));
        this.inv = cfg.checkInvariants() ? new InvariantChecker(this) : null;
        this.endTime = cfg.endNs();
        this.measuring = cfg.warmupNs() == 0;
    }

    // ---- Kernel SPI ---------------------------------------------------------------------------

    @Override
    public long now() {
        return queue.now();
    }

    @Override
    public Machine machine() {
        return machine;
    }

    @Override
    public CostTable costs() {
        return costs;
    }

    @Override
    public void charge(Cpu cpu, SchedFn fn, long cycles) {
        if (booting) {
            return;
        }
        if (inv != null && cpu != active) {
            throw violation(cpu, null, "cycles charged to a CPU whose path is not running (running: "
                    + active + ")");
        }
        if (cycles < 0) {
            throw violation(cpu, null, "negative charge of " + cycles + " cycles to " + fn);
        }
        chargeRaw(cpu, fn, cycles);
    }

    /** Charges without the checks (the kernel's own paths). */
    void chargeRaw(Cpu cpu, SchedFn fn, long cycles) {
        CPU.chargeCycles(cpu, speed == null ? cycles : speed.cycles(cpu.id(), cpu.now(), cycles));
        metrics.addCycles(fn, cycles);
    }

    @Override
    public org.schedlab.sim.spi.HrTimer newHrTimer(String name, org.schedlab.sim.spi.HrTimer.Callback fn) {
        return new EngineTimer(this, name, fn);
    }

    @Override
    public void callFunctionSingle(Cpu target, Cpu from, org.schedlab.sim.spi.HrTimer.Callback fn) {
        smpCalls.queue(target, from, fn);
    }

    @Override
    public SpinLock newLock(String name) {
        return spinLocks.newLock(name);
    }

    @Override
    public boolean memoryModel() {
        return memory != null;
    }

    @Override
    public CacheLine kernelLine(String name) {
        return memory == null ? null : memory.staticLine(name);
    }

    @Override
    public CacheLine taskLine(Task t, int offset, String name) {
        return memory == null ? null : memory.blockLine(t.pid(), offset, name);
    }

    @Override
    public long touch(Cpu cpu, SchedFn fn, CacheLine line, boolean write) {
        return memoryPort.touch(cpu, fn, line, write);
    }

    @Override
    public long touchParallel(Cpu cpu, SchedFn fn, CacheLine[] lines, int n) {
        return memoryPort.touchParallel(cpu, fn, lines, n);
    }

    @Override
    public long touch(Cpu cpu, SchedFn fn, int lineId, boolean write) {
        return memoryPort.touch(cpu, fn, lineId, write);
    }

    @Override
    public long touchWalk(Cpu cpu, SchedFn fn, int linkId, int[] lineIds, int n) {
        return memoryPort.touchWalk(cpu, fn, linkId, lineIds, n);
    }

    /** Charges {@code ns} of memory stall to {@code fn} (the kernel's own paths). */
    void chargeStall(Cpu cpu, SchedFn fn, long ns) {
        if (ns > 0 && !booting) {
            CPU.chargeKernelNs(cpu, ns);
            metrics.addCycles(fn, ns * mhz / 1000);
        }
    }

    /** {@code spin_lock}: see {@link SpinLocks#spinLock}. */
    @Override
    public void spinLock(Cpu cpu, SpinLock lock) {
        spinLocks.spinLock(cpu, lock);
    }

    /** {@code spin_unlock}: see {@link SpinLocks#spinUnlock}. */
    @Override
    public void spinUnlock(Cpu cpu, SpinLock lock) {
        spinLocks.spinUnlock(cpu, lock);
    }

    /** {@code resched_task}: see {@link ReschedIpi#reschedTask}. */
    @Override
    public void reschedTask(Cpu target, Cpu from) {
        resched.reschedTask(target, from);
    }

    /** {@code smp_send_reschedule}: see {@link ReschedIpi#sendReschedIpi}. */
    @Override
    public void sendReschedIpi(Cpu target, Cpu from) {
        resched.sendReschedIpi(target, from);
    }

    @Override
    public List<Task> allTasks() {
        return tasksView;
    }

    @Override
    public RandomGenerator random() {
        return random;
    }

    @Override
    public Metrics metrics() {
        return metrics;
    }

    // ---- shared by the kernel's parts ---------------------------------------------------------

    /** Makes a sleeping {@code p} RUNNING and hands it to the engine's try_to_wake_up. */
    void wake(Task p, Cpu waker, boolean sync, int wakerPid) {
        if (p.state() == TaskState.RUNNING || p.state() == TaskState.ZOMBIE) {
            return;
        }
        TASK.setState(p, TaskState.RUNNING);
        long t = waker.now();
        p.stats().wakeups++;
        p.stats().runnableSince = t;
        p.stats().wokenAt = t;
        TraceRecorder tr = metrics.trace();
        if (tr != null) {
            tr.record(t, waker.id(), TraceEvent.Kind.WAKEUP, p.pid(), wakerPid, ' ');
            tr.waking(p.pid(), t);
        }
        sched.tryToWakeUp(p, waker, sync);
        if (tr != null) {
            tr.waking(-1, 0);
        }
    }

    /** The running task {@code t} sleeps (INTERRUPTIBLE) and {@code cpu} schedules. */
    void block(Cpu cpu, Task t) {
        TASK.setState(t, TaskState.INTERRUPTIBLE);
        switcher.schedule(cpu);
    }

    Mm newMm() {
        return new Mm(nextMm++);
    }

    /** Creates a task running {@code program} (state INTERRUPTIBLE until woken or forked). */
    Task newTask(String name, Program program, Mm mm) {
        int pid = nextPid++;
        Task t = new Task(pid, name, mm, false);
        TASK.setState(t, TaskState.INTERRUPTIBLE);
        TASK.setContext(t, new TaskContext(t, program, mix(cfg.seed(), pid), bodies));
        t.stats().counters = new long[Math.max(8, metrics.counterCount())];
        tasks.add(t);
        liveTasks++;
        if (metrics.trace() != null) {
            metrics.trace().name(pid, name);
        }
        return t;
    }

    /** Removes a zombie for good. */
    void reap(Task t) {
        tasks.remove(t);
        if (reaped.size() < EXITED_KEPT) {
            reaped.add(t);
        }
    }

    long[] allowedMaskOf(Task t) {
        if (t.cpusAllowed() == -1L && machine.nrCpus() <= 64) {
            return null;
        }
        long[] m = new long[(machine.nrCpus() + 63) >>> 6];
        for (int i = 0; i < machine.nrCpus(); i++) {
            if (t.allowedOn(i)) {
                m[i >>> 6] |= 1L << (i & 63);
            }
        }
        return m;
    }

    int counterId(String name) {
        return metrics.counterId(name);
    }

    int phaseId(String name) {
        Integer id = phaseIds.get(name);
        if (id == null) {
            id = phaseNames.size();
            phaseIds.put(name, id);
            phaseNames.add(name);
            phaseNs = java.util.Arrays.copyOf(phaseNs, phaseNames.size());
        }
        return id;
    }

    /** The warm-up ends at {@code t}: the measured window starts (once; later calls do nothing). */
    void startMeasurement(long t) {
        if (!measuring) {
            measuring = true;
            openWindow(t);
        }
    }

    /**
     * A barrier that starts the measurement completed at {@code t}: the first such completion after the warm-up
     * starts the window over there; one during the warm-up leaves the start at the warm-up's end.
     */
    void barrierStartsMeasurement(long t) {
        if (!windowBarrierPassed) {
            windowBarrierPassed = true;
            if (measuring) {
                openWindow(t);
            }
        }
    }

    private void openWindow(long t) {
        measurement = Measurement.startAt(this, t);
        reaped.clear();
        memoryPort.startMeasurement();
    }

    /** At the end of a run: the memory hierarchy's figures of the measured window, as counters. */
    void reportMemory() {
        memoryPort.report();
    }

    /** Called on CPU 0's tick: run-queue sampling and the invariant sweep. */
    void onSampleTick() {
        int total = 0;
        for (Cpu c : machine.cpus()) {
            total += sched.nrRunning(c);
        }
        metrics.sampleRunQueue(total);
        if (inv != null) {
            inv.sweep();
        }
    }

    /** @return an exception naming the time, CPU and task */
    InvariantViolation violation(Cpu cpu, Task t, String what) {
        return new InvariantViolation(queue.now(), cpu == null ? -1 : cpu.id(),
                t == null ? Integer.MIN_VALUE : t.pid(), (t == null ? "" : t + ": ") + what);
    }

    /** SplitMix64 finaliser: a per-task seed from the run seed and the pid. */
    static long mix(long seed, long pid) {
        long z = seed + pid * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
