/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.cli;

import java.io.PrintStream;

/** One {@code schedlab} subcommand. */
interface Command {

    String name();

    String summary();

    String usage();

    /** Runs the command; throws {@link UsageException} or {@link InputException} for user mistakes. */
    int execute(String[] args, PrintStream out, PrintStream err);
}
