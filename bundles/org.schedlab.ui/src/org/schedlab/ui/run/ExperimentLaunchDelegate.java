/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.run;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.model.ILaunchConfigurationDelegate;

/** Launches a SchedLab experiment configuration: schedules an {@link ExperimentJob} for its .sched file. */
public final class ExperimentLaunchDelegate implements ILaunchConfigurationDelegate {

    /** The launch configuration type's id, as declared in plugin.xml. */
    public static final String TYPE = "org.schedlab.ui.experimentLaunch";

    /** Attribute: the workspace path of the .sched file. */
    public static final String FILE = "org.schedlab.ui.file";

    @Override
    public void launch(ILaunchConfiguration configuration, String mode, ILaunch launch, IProgressMonitor monitor)
            throws CoreException {
        String path = configuration.getAttribute(FILE, "");
        IFile file = path.isEmpty() ? null
                : ResourcesPlugin.getWorkspace().getRoot().getFile(new org.eclipse.core.runtime.Path(path));
        if (file == null || !file.exists()) {
            throw new CoreException(Status.error("SchedLab experiment file not found: '" + path + "'"));
        }
        new ExperimentJob(file, true).schedule();
    }
}
