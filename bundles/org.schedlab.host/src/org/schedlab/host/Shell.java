/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

import java.time.Duration;
import java.util.List;

/**
 * Runs a program on the host and returns what it printed. The measurements take a {@code Shell} so that the tests
 * can replay recorded outputs ({@code org.schedlab.host.tests}) instead of running benchmarks on a shared machine.
 */
public interface Shell {

    /**
     * What one command printed.
     *
     * @param command the command line as the user would type it (for provenance comments)
     * @param exit    exit code
     * @param stdout  standard output
     * @param stderr  standard error
     */
    record Output(String command, int exit, String stdout, String stderr) {
        /** @return standard output and standard error, in that order */
        public String all() {
            return stdout + stderr;
        }
    }

    /**
     * Runs {@code command}.
     *
     * @throws HostException with {@link HostException#missingTool()} when the program is not installed, or when it
     *                       does not finish within {@code timeout}
     */
    Output run(List<String> command, Duration timeout);

    /** @return whether {@code program} can be found on the PATH (or is an absolute path that exists) */
    boolean has(String program);

    /**
     * Waits until this process has stopped using the CPUs (its compiler threads done with what the simulations
     * before gave them), so that a measurement does not share a CPU with it. Nothing by default (a replayed shell).
     */
    default void settle() {
    }

    /** @return {@code command} joined by spaces, as provenance comments and messages quote it */
    static String line(List<String> command) {
        return String.join(" ", command);
    }
}
