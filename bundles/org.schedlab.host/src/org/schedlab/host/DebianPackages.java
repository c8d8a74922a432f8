/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The programs profile-host and validate-host run, each with the Debian package that holds it (what .ci/run
 * installs), so that a message about a missing program can say what to install.
 */
public final class DebianPackages {
    /** Program, then package; in the order validate-host's suite first needs them. */
    private static final Map<String, String> PACKAGES = new LinkedHashMap<>();

    static {
        PACKAGES.put("gcc", "build-essential"); // the C helpers (hostprobe, threads.c) need libc's headers too
        PACKAGES.put("hackbench", "rt-tests");
        PACKAGES.put("perf", "linux-perf");
        PACKAGES.put("rt-app", "rt-app");
        PACKAGES.put("cyclictest", "rt-tests");
        PACKAGES.put("stress-ng", "stress-ng");
    }

    private DebianPackages() {
    }

    /** @return the programs this table knows, in the suite's order */
    public static Iterable<String> programs() {
        return PACKAGES.keySet();
    }

    /** @return the package that holds {@code program}, or empty for one this table does not know */
    public static Optional<String> of(String program) {
        return Optional.ofNullable(PACKAGES.get(program));
    }
}
