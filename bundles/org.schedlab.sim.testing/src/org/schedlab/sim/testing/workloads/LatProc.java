package org.schedlab.sim.testing.workloads;

import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/**
 * lmbench lat_proc (seed 000's lmbench rows): the parent forks, the child
 * exits (fork), execs /tmp/hello (exec) or runs /bin/sh -c /tmp/hello (shell),
 * and the parent waits. Latency = 1 / rate of {@value #ITERATIONS}.
 *
 * <p>The shell is modelled as sh doing its start-up work and then exec'ing
 * hello (bash's one-command -c optimisation); hello and sh start-up are user
 * work parameters [U], not cost constants.
 */
public final class LatProc {
    /** Completed fork(+exec)+wait iterations. */
    public static final String ITERATIONS = "iterations";
    /** [U] hello's own user work: a write of a short line, about 10 us at 700 MHz. */
    public static final long DEFAULT_HELLO_CYCLES = 7_000;
    /**
     * [U] sh start-up work: seed 000's sh -c minus fork+execve on UP (3481.5 - 836.7 us) less one exec
     * (EXEC cost) is about 1,900 us at 700 MHz.
     */
    public static final long DEFAULT_SHELL_CYCLES = 1_330_000;

    /** The three lat_proc modes. */
    public enum Mode {
        FORK, EXEC, SHELL
    }

    private LatProc() {
    }

    /** lat_proc {@code mode} with the given user work of hello and of the shell's start-up. */
    public static Workload workload(Mode mode, long helloCycles, long shellCycles) {
        Program hello = Program.of("hello", Action.Compute.cycles(helloCycles), new Action.Exit());
        Program child = switch (mode) {
            case FORK -> Program.of("child", new Action.Exit());
            case EXEC -> Program.of("child", new Action.Exec(hello));
            case SHELL -> Program.of("child", new Action.Exec(
                    Program.of("sh", Action.Compute.cycles(shellCycles), new Action.Exec(hello))));
        };
        Program parent = Program.of("lat_proc", Action.Loop.forever(
                new Action.Fork(child, false),
                new Action.Wait(),
                new Action.Count(ITERATIONS, 1)));
        return Workload.of("lat_proc " + mode.name().toLowerCase(java.util.Locale.ROOT),
                ThreadGroup.processes("lat_proc", 1, parent));
    }

    /** lat_proc {@code mode} with the default user work. */
    public static Workload workload(Mode mode) {
        return workload(mode, DEFAULT_HELLO_CYCLES, DEFAULT_SHELL_CYCLES);
    }
}
