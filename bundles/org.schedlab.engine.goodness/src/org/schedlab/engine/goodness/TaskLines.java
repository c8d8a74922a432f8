package org.schedlab.engine.goodness;

/**
 * The cache line of each task that the goodness() loop reads, and which CPUs hold a valid copy of it.
 * Linux 2.4 include/linux/sched.h groups counter, nice, policy, mm, processor, cpus_runnable,
 * cpus_allowed and run_list in one cache line "needed for the goodness() loop in schedule()"; on SMP
 * that line is written by whichever CPU runs, ticks, yields, wakes or recalculates the task, and read by
 * every CPU that walks the global run queue. A read by a CPU without a valid copy is a coherence miss:
 * the line comes over the front-side bus from the CPU that wrote it ({@code CACHELINE_TRANSFER} in the
 * cost table), while runqueue_lock is held.
 *
 * <p>The model is MESI reduced to a set of sharers per line: a write leaves the writer as the only
 * holder, a read adds the reader. On UP it is off (one cache, no transfers).
 *
 * <p>Departures: capacity and conflict misses are not modelled (every line stays cached once read);
 * the run_list links a list operation writes in the neighbouring tasks are not tracked; the writer's own
 * invalidation (read-for-ownership) is not charged.
 */
final class TaskLines {
    private final boolean smp;
    private long misses;

    /** @param smp whether there is more than one CPU (the lines are only tracked on SMP) */
    TaskLines(boolean smp) {
        this.smp = smp;
    }

    /** CPU {@code cpu} wrote a field of {@code p}'s goodness line: it alone holds the line now. */
    void write(SchedEntity p, int cpu) {
        if (smp) {
            p.lineSharers = bit(cpu);
        }
    }

    /** CPU {@code cpu} read {@code p}'s goodness line: a miss unless it holds a valid copy. */
    void read(SchedEntity p, int cpu) {
        if (smp) {
            long b = bit(cpu);
            if ((p.lineSharers & b) == 0) {
                misses++;
                p.lineSharers |= b;
            }
        }
    }

    /** @return coherence misses so far (the scheduler charges the difference) */
    long misses() {
        return misses;
    }

    private static long bit(int cpu) {
        return 1L << (cpu & 63);
    }
}
