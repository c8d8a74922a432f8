/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.viewers;

import java.util.regex.Pattern;

/** Task groups: a workload's {@code threads srv_recv[r: rooms, u: users]} or {@code threads worker x 4} tasks. */
public final class TaskGroups {

    /** An index at the end of a name: {@code [3,4]}, {@code -17} or both. */
    private static final Pattern INDEX = Pattern.compile("(\\[[^\\]]*\\])?(-\\d+)?$");

    private TaskGroups() {
    }

    /** @return the group of a task name: the name without its index ({@code srv_recv[3,4]-7} is {@code srv_recv}) */
    public static String of(String name) {
        if (name == null) {
            return "?";
        }
        String group = INDEX.matcher(name).replaceFirst("");
        return group.isEmpty() ? name : group;
    }
}
