package org.schedlab.sim.testing.workloads;

import java.util.List;

import org.schedlab.sim.SimResult;
import org.schedlab.sim.metrics.TaskResult;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/**
 * The threads.c yield storm of seed 003 (Willy Tarreau, modified by Davide
 * Libenzi, June 1999): N threads of one process, each looping
 * {@code { totalwork[i]++; sched_yield(); }}, and the columns the program
 * prints: threads, total work per second, average work per thread per second,
 * zero-work threads, normalised squared deviation.
 *
 * <p>Two forms: {@link #workload(int, long)}, whose threads exist at boot and
 * start together (the quick storm the other tests use), and {@link #asRun(int,
 * long)}, as the program runs: one process clones the threads one after the
 * other (each fork halves the creator's counter, and every recalculation while
 * the threads wait raises theirs) and they start together when the last one
 * exists (threads.c polls a start flag every 10 ms; here a barrier releases
 * them). Measure {@code asRun} after a warm-up that covers the creation.
 */
public final class ThreadsC {
    /** The workload counter incremented once per loop. */
    public static final String WORK = "work";
    /** threads.c MAXTHREADS. */
    public static final int DEFAULT_THREADS = 450;
    /**
     * User cycles of one loop besides the system call: the test of count, the
     * increment of totalwork[i] and the syscall stub [U: a few instructions].
     */
    public static final long DEFAULT_USER_CYCLES = 20;

    private ThreadsC() {
    }

    /** The storm with {@code threads} threads, each loop spending {@code userCycles} in user mode. */
    public static Workload workload(int threads, long userCycles) {
        Program worker = Program.of("oneatwork", Action.Loop.forever(
                Action.Compute.cycles(userCycles),
                new Action.Count(WORK, 1),
                new Action.Yield()));
        return Workload.of("threads.c " + threads, ThreadGroup.threads("thr", threads, worker));
    }

    /**
     * The storm as threads.c runs it: a process that clones {@code threads} threads and then sleeps; each
     * thread waits for the others before its loop.
     */
    public static Workload asRun(int threads, long userCycles) {
        org.schedlab.sim.workload.BarrierPoint start = new org.schedlab.sim.workload.BarrierPoint("start", threads);
        Program worker = Program.of("oneatwork", new Action.Barrier(start), Action.Loop.forever(
                Action.Compute.cycles(userCycles),
                new Action.Count(WORK, 1),
                new Action.Yield()));
        List<Action> main = new java.util.ArrayList<>();
        for (int i = 0; i < threads; i++) {
            main.add(new Action.Fork(worker, true));
        }
        main.add(new Action.Sleep(org.schedlab.sim.workload.Distribution.constant(1_000_000L * org.schedlab.sim.event.Time.S)));
        return Workload.of("threads.c " + threads + " as run",
                ThreadGroup.processes("threads", 1, new Program("main", main)));
    }

    /** The storm of seed 003: 450 threads. */
    public static Workload workload() {
        return workload(DEFAULT_THREADS, DEFAULT_USER_CYCLES);
    }

    /**
     * What threads.c prints.
     *
     * @param threads             nbthreads
     * @param workPerSecond       total work / seconds (the printed "value")
     * @param averagePerThread    value / nbthreads (work per second per thread)
     * @param zeroWorkThreads     threads that never counted
     * @param normalisedDeviation sum of (work_i - avg)^2 / (n * avg^2), avg = total / n
     */
    public record Report(int threads, double workPerSecond, double averagePerThread, int zeroWorkThreads,
                         double normalisedDeviation) {
        /** One line as threads.c prints it (tab separated). */
        public String line() {
            return String.format(java.util.Locale.ROOT, "%d\t\t%.0f\t\t%.0f\t\t%d\t\t%f", threads, workPerSecond,
                    averagePerThread, zeroWorkThreads, normalisedDeviation);
        }
    }

    /** The columns of threads.c computed from a run's per-task {@value #WORK} counters. */
    public static Report report(SimResult r) {
        List<TaskResult> ts = r.metrics().tasks().stream().filter(t -> t.counters().containsKey(WORK)).toList();
        int n = ts.size();
        long total = 0;
        int zero = 0;
        for (TaskResult t : ts) {
            long w = t.counter(WORK);
            total += w;
            if (w == 0) zero++;
        }
        double seconds = r.metrics().elapsedNs() / 1e9;
        double avg = n == 0 ? 0 : (double) total / n;
        double sq = 0;
        for (TaskResult t : ts) {
            double d = t.counter(WORK) - avg;
            sq += d * d;
        }
        double perSecond = total / seconds;
        return new Report(n, perSecond, n == 0 ? 0 : perSecond / n, zero, avg == 0 ? 0 : sq / (n * avg * avg));
    }
}
