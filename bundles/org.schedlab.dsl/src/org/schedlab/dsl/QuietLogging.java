/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl;

import org.apache.log4j.Logger;
import org.apache.log4j.varia.NullAppender;

/**
 * Xtext logs through log4j 1.2. SchedLab's logging is off by default: unless the user configured log4j, give its
 * root logger a null appender so that no "no appenders" warning reaches the terminal (or the language server's
 * stdout).
 */
public final class QuietLogging {

    private QuietLogging() {
    }

    /** Gives log4j a null appender unless the user configured one (the language server must not write to stdout). */
    public static void install() {
        Logger root = Logger.getRootLogger();
        if (!root.getAllAppenders().hasMoreElements()) {
            root.addAppender(new NullAppender());
        }
    }
}
