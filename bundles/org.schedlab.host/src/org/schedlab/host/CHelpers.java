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
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The C programs the bundle carries in {@code helpers/} ({@code hostprobe.c}, and {@code threads.c}, seed 003's
 * attachment as posted), compiled with gcc into a temporary folder when a measurement needs them.
 */
public final class CHelpers {

    private static final Duration GCC_TIMEOUT = Duration.ofSeconds(120);
    private final Shell shell;
    private final Path dir;

    /** @param dir where sources and binaries go (a temporary folder the caller removes) */
    public CHelpers(Shell shell, Path dir) {
        this.shell = shell;
        this.dir = dir;
    }

    /** @return the text of {@code helpers/NAME} in this bundle */
    public static String source(String name) {
        try (InputStream in = CHelpers.class.getResourceAsStream("/helpers/" + name)) {
            if (in == null) {
                throw new HostException("helpers/" + name + " is missing from org.schedlab.host");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new HostException("cannot read helpers/" + name + ": " + e.getMessage());
        }
    }

    /**
     * Compiles {@code helpers/NAME}, changed by {@code patch}, into {@code binary}.
     *
     * @param flags extra gcc flags
     * @return the binary's path
     */
    public Path compile(String name, UnaryOperator<String> patch, String binary, List<String> flags) {
        Path src = dir.resolve(binary + ".c");
        Path bin = dir.resolve(binary);
        if (Files.isExecutable(bin)) {
            return bin;
        }
        try {
            Files.writeString(src, patch.apply(source(name)), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new HostException("cannot write " + src + ": " + e.getMessage());
        }
        List<String> cmd = new ArrayList<>(List.of("gcc", "-O2"));
        cmd.addAll(flags);
        cmd.addAll(List.of("-pthread", "-o", bin.toString(), src.toString()));
        Shell.Output o = shell.run(cmd, GCC_TIMEOUT);
        if (o.exit() != 0) {
            String first = o.stderr().lines().filter(l -> l.contains("error")).findFirst().orElse(o.stderr().strip());
            throw new HostException("gcc could not build helpers/" + name + ": " + first);
        }
        return bin;
    }

    /** @return hostprobe, built */
    public Path hostprobe() {
        return compile("hostprobe.c", UnaryOperator.identity(), "hostprobe", List.of("-Wall"));
    }

    /**
     * threads.c as posted (1999, i386) needs three changes to measure the same thing here, made to a copy: the
     * thread count and the measurement time are {@code #define}s (so -D cannot change them), and it yields with
     * {@code syscall(158)}, the i386 number of sched_yield, which on x86_64 is arch_prctl: the copy calls
     * {@code syscall(SYS_sched_yield)}. It is old C (implicit int): built with -std=gnu89 -w.
     *
     * @return the binary for {@code threads} threads measuring {@code seconds}
     */
    public Path threadsC(int threads, int seconds) {
        return compile("threads.c", s -> patchThreadsC(s, threads, seconds), "threads_" + threads + "_" + seconds,
                List.of("-std=gnu89", "-w"));
    }

    /** @return threads.c with {@code threads}, {@code seconds}, the portable sched_yield number and atomic start and stop counts */
    public static String patchThreadsC(String source, int threads, int seconds) {
        String s = source.replaceFirst("#define\\s+MAXTHREADS\\s+\\d+", "#define MAXTHREADS\t" + threads)
                .replaceFirst("#define\\s+MEASURE_TIME\\s+\\d+", "#define MEASURE_TIME\t" + seconds)
                .replace("syscall(158)", "syscall(SYS_sched_yield)")
                // the threads count themselves in and out with a plain ++ and -- of a volatile int: with 450 threads
                // on two CPUs an update is lost now and then (a third of the runs on 4 December), and the main
                // thread then waits for ever; atomic updates leave the measured loop as it is
                .replace("actthreads++;", "__sync_fetch_and_add(&actthreads, 1);")
                .replace("actthreads--;", "__sync_fetch_and_sub(&actthreads, 1);");
        if (s.equals(source) || !s.contains("SYS_sched_yield") || s.contains("actthreads++")
                || s.contains("actthreads--")) {
            throw new HostException("helpers/threads.c does not have the MAXTHREADS, MEASURE_TIME, syscall(158) and "
                    + "actthreads lines of seed 003's attachment");
        }
        return "#include <sys/syscall.h>\n#include <stdlib.h>\n" + s;
    }
}
