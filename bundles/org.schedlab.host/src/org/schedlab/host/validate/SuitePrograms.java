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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.schedlab.host.DebianPackages;
import org.schedlab.host.Shell;

/**
 * Whether the programs validate-host's cases run on the real kernel ({@link DebianPackages}) are here. Checked
 * before the real side starts, so that a user learns in the run's first second, not half an hour later from the
 * table, which cases will be skipped and what to install.
 */
public final class SuitePrograms {
    private SuitePrograms() {
    }

    /**
     * @return one line naming the programs {@code shell} cannot find and the command that installs them, or empty
     *         when every program is there
     */
    public static Optional<String> missing(Shell shell) {
        List<String> programs = new ArrayList<>();
        Set<String> packages = new LinkedHashSet<>();
        for (String program : DebianPackages.programs()) {
            if (!shell.has(program)) {
                programs.add(program);
                packages.add(DebianPackages.of(program).orElseThrow());
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
