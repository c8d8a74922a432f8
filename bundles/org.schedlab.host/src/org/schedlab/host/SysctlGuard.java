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
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A sysctl that validate-host changes for one case ({@code kernel/sched_rr_timeslice_ms},
 * {@code kernel/sched_autogroup_enabled}): the value it had is written back when the case ends ({@link #close()}),
 * and also when the JVM is stopped before that (Ctrl-C, SIGTERM: a shutdown hook), so the machine is left as it was
 * found. Only a SIGKILL can leave the change behind; the hook's message names the file and the value to restore.
 */
public final class SysctlGuard extends ShutdownGuard {

    private final Path file;
    private final String original;

    private SysctlGuard(Path file, String original) {
        super("restore " + file);
        this.file = file;
        this.original = original;
    }

    /**
     * Writes {@code value} to {@code procSys/key} after reading what it holds.
     *
     * @param procSys {@code /proc/sys} (a folder of the test's own in tests)
     * @param key     the sysctl's path below it ({@code kernel/sched_rr_timeslice_ms})
     * @throws HostException when the sysctl cannot be read or written (not root, or not this kernel's)
     */
    public static SysctlGuard set(Path procSys, String key, String value) {
        Path file = procSys.resolve(key);
        String was;
        try {
            was = read(file);
        } catch (IOException e) {
            throw new HostException("cannot read " + file + " (" + e.getMessage() + "): this kernel has no such sysctl");
        }
        SysctlGuard g = new SysctlGuard(file, was);
        g.arm();
        try {
            write(file, value);
        } catch (IOException e) {
            g.close();
            throw new HostException("cannot write " + file + " (" + e.getMessage() + "): validate-host needs root for"
                    + " this case", "root");
        }
        return g;
    }

    /**
     * @return the sysctl's value, in one read: a /proc/sys file answers a read at an offset other than 0 with
     *         nothing, so a reader that asks for a byte first (as Files.readString does with a file of size 0) would
     *         see only the first digit
     */
    static String read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] b = new byte[4096];
            int n = in.read(b);
            return n <= 0 ? "" : new String(b, 0, n, StandardCharsets.UTF_8).strip();
        }
    }

    /** Writes {@code value} and a newline in one write(), as echo does. */
    static void write(Path file, String value) throws IOException {
        try (OutputStream out = Files.newOutputStream(file, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            out.write((value + "\n").getBytes(StandardCharsets.UTF_8));
        }
    }

    /** @return the value the sysctl had before */
    public String original() {
        return original;
    }

    /** Writes the original value back. */
    @Override
    protected void undo() {
        try {
            write(file, original);
        } catch (IOException e) {
            System.err.println("schedlab: could not restore " + file + " to " + original + ": " + e.getMessage()
                    + " (write it back by hand)");
        }
    }
}
