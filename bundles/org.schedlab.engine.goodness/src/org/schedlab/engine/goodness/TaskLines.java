package org.schedlab.engine.goodness;

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.memory.CacheLine;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.task.Task;

/**
 * The kernel data the 2.2/2.4 scheduler touches, as cache lines. Linux 2.4 include/linux/sched.h groups
 * counter, nice, policy, mm, processor, cpus_runnable, cpus_allowed and run_list in one cache line "needed
 * for the goodness() loop in schedule()"; it is written by whichever CPU runs, ticks, yields, wakes, links or
 * recalculates the task, and read by every CPU that walks the global run queue. Beside it: the run queue's
 * head (init_task's run_list, with nr_running), and each CPU's {@code aligned_data} schedule_data (curr,
 * last_schedule), written at each switch on that CPU and read by reschedule_idle and the 2.4 sys_sched_yield
 * nr_pending loop on the others.
 *
 * <p>With the machine's memory model on, every access goes to the simulation kernel's memory hierarchy
 * ({@link Kernel#touch}): the task line lies at offset 32 of the task's 8 KB task_struct-and-stack block
 * [I: the fields follow the first line of state and flags], so the lines of many tasks compete for a few
 * cache sets, and a list operation writes the run_list of its neighbours too. The path being run (set with
 * {@link #at}) names the kernel function the stalls are charged to.
 *
 * <p>With the model off (and on SMP only): MESI reduced to a set of sharers per task line, a read by a CPU
 * without a valid copy counted as a miss that the scheduler charges as one {@code CACHELINE_TRANSFER};
 * capacity and neighbours are not modelled.
 */
final class TaskLines {
    private static final int GOODNESS_LINE_OFFSET = 32;
    private final Kernel kernel;
    private final boolean smp;
    private final boolean model;
    private final CacheLine head;
    private final CacheLine[] scheduleData;
    private long misses;
    private long modelMisses;
    private Cpu cpu;
    private SchedFn fn = SchedFn.SCAN;

    TaskLines(Kernel kernel) {
        this.kernel = kernel;
        this.smp = kernel.machine().nrCpus() > 1;
        this.model = kernel.memoryModel();
        this.head = kernel.kernelLine("runqueue_head");
        this.scheduleData = new CacheLine[kernel.machine().nrCpus()];
        for (int i = 0; i < scheduleData.length; i++) {
            scheduleData[i] = kernel.kernelLine("aligned_data[" + i + "]");
        }
    }

    private TaskLines() {
        this.kernel = null;
        this.smp = false;
        this.model = false;
        this.head = null;
        this.scheduleData = new CacheLine[0];
    }

    /** @return lines that track nothing (a goodness() function used on its own, as on UP) */
    static TaskLines off() {
        return new TaskLines();
    }

    /** The path now running: {@code cpu} in {@code fn} (list operations are charged there). */
    void at(Cpu c, SchedFn f) {
        this.cpu = c;
        this.fn = f;
    }

    /** CPU {@code cpuId} wrote a field of {@code p}'s goodness line: it alone holds the line now. */
    void write(SchedEntity p, int cpuId) {
        if (model) {
            kernel.touch(kernel.machine().cpu(cpuId), fn, line(p), true);
        } else if (smp) {
            p.lineSharers = bit(cpuId);
        }
    }

    /** CPU {@code cpuId} read {@code p}'s goodness line: a miss unless it holds a valid copy. */
    void read(SchedEntity p, int cpuId) {
        if (model) {
            if (kernel.touch(kernel.machine().cpu(cpuId), fn, line(p), false) > 0) modelMisses++;
        } else if (smp) {
            long b = bit(cpuId);
            if ((p.lineSharers & b) == 0) {
                misses++;
                p.lineSharers |= b;
            }
        }
    }

    /** A list operation of the running path rewrote {@code p}'s run_list links (the head's for the head). */
    void linked(SchedEntity p) {
        if (model && cpu != null) {
            kernel.touch(cpu, fn, p.owner == null ? head : line(p), true);
        }
    }

    /** CPU {@code cpuId} switched: it wrote its schedule_data (curr, last_schedule). */
    void switched(int cpuId) {
        if (model) {
            kernel.touch(kernel.machine().cpu(cpuId), fn, scheduleData[cpuId], true);
        }
    }

    /** CPU {@code reader} read CPU {@code cpuId}'s schedule_data (cpu_curr, last_schedule). */
    void readScheduleData(int cpuId, Cpu reader) {
        if (model) {
            kernel.touch(reader, fn, scheduleData[cpuId], false);
        }
    }

    /** @return coherence misses counted with the model off (the scheduler charges the difference) */
    long misses() {
        return misses;
    }

    /** @return task-line reads the memory model did not find in the reader's cache (already charged) */
    long modelMisses() {
        return modelMisses;
    }

    private CacheLine line(SchedEntity p) {
        CacheLine l = p.line;
        if (l == null) {
            l = p.owner instanceof Task t ? kernel.taskLine(t, GOODNESS_LINE_OFFSET, "task " + t.pid()) : head;
            p.line = l;
        }
        return l;
    }

    private static long bit(int cpu) {
        return 1L << (cpu & 63);
    }
}
