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

import org.schedlab.host.CHelpers;
import org.schedlab.host.Shell;

/**
 * What a real run needs: the shell, the C helpers, a scratch folder, the CPU count.
 *
 * @param shell   runs the programs
 * @param helpers builds threads.c
 * @param work    a temporary folder for JSON files and logs
 * @param cpus    online CPUs
 */
public record RealContext(Shell shell, CHelpers helpers, Path work, int cpus) {
}
