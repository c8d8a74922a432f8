/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** {@link Shell} on the real machine: {@link ProcessBuilder}, output read concurrently, a timeout per command. */
public final class SystemShell implements Shell {
    /** How long {@link #settle()} waits at most. */
    static final Duration SETTLE_LIMIT = Duration.ofSeconds(5);
    /** The interval over which {@link #settle()} looks at this process's CPU time. */
    static final long SETTLE_STEP_MS = 250;

    @Override
    public Output run(List<String> command, Duration timeout) {
        String line = Shell.line(command);
        if (!has(command.get(0))) {
            throw new HostException(command.get(0) + " is not installed (needed for: " + line + ")", command.get(0));
        }
        try {
            Process p = new ProcessBuilder(command).start();
            p.getOutputStream().close();
            CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
            CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new HostException(line + " did not finish within " + timeout.toSeconds() + " s");
            }
            return new Output(line, p.exitValue(), out.join(), err.join());
        } catch (IOException e) {
            throw new HostException("cannot run " + line + ": " + e.getMessage(), command.get(0));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HostException("interrupted while running " + line);
        }
    }

    /**
     * Waits until this JVM used at most one clock tick of CPU time (/proc/self/stat's utime and stime, 10 ms at
     * USER_HZ 100) in {@link #SETTLE_STEP_MS}, for at most {@link #SETTLE_LIMIT}: a simulation just before leaves
     * the JIT compiling for a second or more on either CPU, which a probe pinned there would count as the CPU's own
     * slowness or background work.
     */
    @Override
    public void settle() {
        long end = System.nanoTime() + SETTLE_LIMIT.toNanos();
        long last = cpuTicks();
        while (last >= 0 && System.nanoTime() < end) {
            try {
                Thread.sleep(SETTLE_STEP_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            long now = cpuTicks();
            if (now - last <= 1) {
                return;
            }
            last = now;
        }
    }

    /** @return this process's user and system time in clock ticks (/proc/self/stat fields 14 and 15), or -1 */
    static long cpuTicks() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"), StandardCharsets.UTF_8);
            // the fields after the command name (which may hold spaces and parentheses): state is field 3
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static String read(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public boolean has(String program) {
        if (program.contains("/")) {
            return Files.isExecutable(Path.of(program));
        }
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }
}
