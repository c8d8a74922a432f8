/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.trace;

/** A line of a trace that is not what the reader expects: {@link #getMessage()} is {@code FILE:LINE: message}. */
public final class TraceFormatException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param where the file name; @param line 1-based */
    public TraceFormatException(String where, long line, String message) {
        super(where + ":" + line + ": " + message);
    }
}
