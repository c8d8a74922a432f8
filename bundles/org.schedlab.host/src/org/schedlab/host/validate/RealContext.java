/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host.validate;

import java.nio.file.Path;
import java.util.Map;

import org.schedlab.host.CHelpers;
import org.schedlab.host.Shell;

/**
 * What a real run needs: the shell, the C helpers, a work folder, the CPU count, {@code /proc} (whose
 * {@code /proc/sys} holds the sysctls a change sets), and a cache for what a validation measures once (rt-app's
 * calibration).
 */
public record RealContext(Shell shell, CHelpers helpers, Path work, int cpus, Path proc, Map<String, Object> cache) {

    /** @return /proc/sys */
    public Path procSys() {
        return proc.resolve("sys");
    }
}
