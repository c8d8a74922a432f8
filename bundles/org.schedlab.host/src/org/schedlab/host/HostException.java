/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

/**
 * A host measurement that could not be made: a tool that is missing or not permitted, output that does not read as
 * expected, a file that is absent. The message is one line for the user (no stack trace); {@link #missingTool()}
 * names the program when the cause is that it is not installed or not allowed to run, so that callers may skip.
 */
public class HostException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String missingTool;

    public HostException(String message) {
        this(message, null);
    }

    public HostException(String message, String missingTool) {
        super(message);
        this.missingTool = missingTool;
    }

    /** @return the program that is not installed or not permitted, or null when something else went wrong */
    public String missingTool() {
        return missingTool;
    }
}
