/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl;

/**
 * One located problem in a .sched file, printed as {@code file:line:column: severity: message} (lines and columns
 * start at 1).
 */
public record SchedDiagnostic(String file, int line, int column, Severity severity, String code, String message) {

    /** How bad a diagnostic is. */
    public enum Severity {
        ERROR, WARNING, INFO;

        @Override
        public String toString() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    @Override
    public String toString() {
        return file + ":" + line + ":" + column + ": " + severity + ": " + message;
    }
}
