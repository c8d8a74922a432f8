/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host.validate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.schedlab.host.Shell;

/**
 * The programs validate-host's cases run on the real kernel, each with the Debian package that holds it. Checked
 * before the real side starts, so that a user learns in the run's first second, not half an hour later from the
 * table, which cases will be skipped and what to install.
 */
public final class SuitePrograms {
    /** Program, then the Debian package; in the order the suite first needs them. */
    private static final Map<String, String> PACKAGES = new LinkedHashMap<>();

    static {
        PACKAGES.put("gcc", "build-essential"); // the C helpers (hostprobe, threads.c)
        PACKAGES.put("hackbench", "rt-tests");
        PACKAGES.put("perf", "linux-perf"); // perf bench sched messaging and pipe
        PACKAGES.put("rt-app", "rt-app");
        PACKAGES.put("cyclictest", "rt-tests");
        PACKAGES.put("stress-ng", "stress-ng");
    }

    private SuitePrograms() {
    }

    /**
     * @return one line naming the programs {@code shell} cannot find and the command that installs them, or empty
     *         when every program is there
     */
    public static Optional<String> missing(Shell shell) {
        List<String> programs = new ArrayList<>();
        Set<String> packages = new LinkedHashSet<>();
        for (Map.Entry<String, String> e : PACKAGES.entrySet()) {
            if (!shell.has(e.getKey())) {
                programs.add(e.getKey());
                packages.add(e.getValue());
            }
        }
        if (programs.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("not installed: " + String.join(", ", programs) + "; the cases that run "
                + (programs.size() == 1 ? "it" : "them") + " will be skipped (on Debian: apt-get install "
                + String.join(" ", packages) + ")");
    }
}
