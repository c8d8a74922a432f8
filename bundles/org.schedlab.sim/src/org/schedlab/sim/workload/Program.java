/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.workload;

import java.util.List;
import java.util.Objects;

/**
 * A named sequence of actions. Running off the end is an exit.
 *
 * @param name    for traces and messages
 * @param actions the body
 */
public record Program(String name, List<Action> actions) {
    public Program {
        Objects.requireNonNull(name, "name");
        actions = List.copyOf(actions);
    }

    /** @return a program of these actions */
    public static Program of(String name, Action... actions) {
        return new Program(name, List.of(actions));
    }
}
