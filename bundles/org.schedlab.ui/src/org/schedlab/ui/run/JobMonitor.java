/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.run;

import org.eclipse.core.runtime.SubMonitor;
import org.schedlab.runner.RunMonitor;

/**
 * A runner's progress on a workbench job's progress monitor: the fraction done as 1000 ticks of {@code monitor}, the
 * runner's message as the sub-task, and the job's Cancel as the runner's.
 */
public final class JobMonitor implements RunMonitor {
    private final SubMonitor monitor;
    private int reported;

    /** @param monitor a monitor with 1000 ticks of work remaining for this run */
    public JobMonitor(SubMonitor monitor) {
        this.monitor = monitor;
    }

    @Override
    public synchronized void progress(double fraction, String message) {
        int now = (int) Math.round(fraction * 1000);
        if (now > reported) {
            monitor.worked(now - reported);
            reported = now;
        }
        monitor.subTask(message);
    }

    @Override
    public boolean isCancelled() {
        return monitor.isCanceled();
    }
}
