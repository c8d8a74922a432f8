/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A shell that counts the context switches of the programs it runs: each command runs under {@code hostprobe count},
 * which writes the voluntary and involuntary switches of the command and of every descendant it waited for
 * (getrusage of the children: hogs, stressors, hackbench's senders and receivers, every thread). The machine's
 * other tasks (kernel threads, the idle task's switches back to a task) are not counted, as validate-host's
 * simulation counts only the workload's tasks ({@code task_switches}).
 */
public final class CountingShell implements Shell {
    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    private final Shell base;
    private final Path hostprobe;
    private final Path dir;
    private final AtomicLong switches = new AtomicLong();
    private volatile boolean complete = true;

    /**
     * @param hostprobe the compiled helper
     * @param dir       where each command's count is written (and removed once read)
     */
    public CountingShell(Shell base, Path hostprobe, Path dir) {
        this.base = base;
        this.hostprobe = hostprobe;
        this.dir = dir;
    }

    @Override
    public Output run(List<String> command, Duration timeout) {
        Path file = dir.resolve("switches-" + ProcessHandle.current().pid() + "-" + SEQUENCE.incrementAndGet());
        List<String> cmd = new ArrayList<>(List.of(hostprobe.toString(), "count", file.toString(), "--"));
        cmd.addAll(command);
        Output o;
        try {
            o = base.run(cmd, timeout);
        } catch (RuntimeException e) {
            complete = false;
            throw e;
        }
        add(file);
        return new Output(o.command().replace(Shell.line(cmd), Shell.line(command)), o.exit(), o.stdout(),
                o.stderr());
    }

    private void add(Path file) {
        try {
            String s = Files.readString(file, StandardCharsets.UTF_8).strip();
            Files.deleteIfExists(file);
            if (!s.startsWith("switches ")) {
                complete = false;
                return;
            }
            switches.addAndGet(Long.parseLong(s.substring("switches ".length()).trim()));
        } catch (IOException | NumberFormatException e) {
            complete = false;
        }
    }

    @Override
    public boolean has(String program) {
        return base.has(program);
    }

    @Override
    public void settle() {
        base.settle();
    }

    /** @return the switches of every command run so far, or -1 when one of them left no count */
    public long switches() {
        return complete ? switches.get() : -1;
    }
}
