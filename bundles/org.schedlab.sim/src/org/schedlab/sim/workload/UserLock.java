/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.workload;

/** A user-space lock word taken by spinning (the JVM monitor pattern, seed 001): see {@link Action.SpinLock}. Identity is object identity; it holds no run state. */
public final class UserLock {
    private final String name;

    public UserLock(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }

    @Override
    public String toString() {
        return "UserLock " + name;
    }
}
