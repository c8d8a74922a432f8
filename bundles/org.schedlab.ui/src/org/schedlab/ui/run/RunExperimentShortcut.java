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
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationType;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.debug.ui.ILaunchShortcut;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IFileEditorInput;
import org.eclipse.ui.statushandlers.StatusManager;

/**
 * Run As &gt; SchedLab Experiment, from a .sched file in the explorer or from its editor: reuses the file's launch
 * configuration, creating it on first use.
 */
public final class RunExperimentShortcut implements ILaunchShortcut {

    @Override
    public void launch(ISelection selection, String mode) {
        if (selection instanceof IStructuredSelection s) {
            IFile file = Adapters.adapt(s.getFirstElement(), IFile.class);
            if (file != null) {
                launch(file, mode);
            }
        }
    }

    @Override
    public void launch(IEditorPart editor, String mode) {
        if (editor.getEditorInput() instanceof IFileEditorInput input) {
            if (editor.isDirty()) {
                editor.doSave(null);
            }
            launch(input.getFile(), mode);
        }
    }

    private static void launch(IFile file, String mode) {
        try {
            DebugUITools.launch(configuration(file), mode);
        } catch (CoreException e) {
            StatusManager.getManager().handle(e.getStatus(), StatusManager.LOG | StatusManager.SHOW);
        }
    }

    /** @return the launch configuration of {@code file}, created and saved on first use */
    public static ILaunchConfiguration configuration(IFile file) throws CoreException {
        ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
        ILaunchConfigurationType type = manager.getLaunchConfigurationType(ExperimentLaunchDelegate.TYPE);
        String path = file.getFullPath().toString();
        for (ILaunchConfiguration c : manager.getLaunchConfigurations(type)) {
            if (path.equals(c.getAttribute(ExperimentLaunchDelegate.FILE, ""))) {
                return c;
            }
        }
        String name = manager.generateLaunchConfigurationName(file.getName().replace(".sched", ""));
        ILaunchConfigurationWorkingCopy copy = type.newInstance(null, name);
        copy.setAttribute(ExperimentLaunchDelegate.FILE, path);
        copy.setMappedResources(new org.eclipse.core.resources.IResource[] { file });
        return copy.doSave();
    }
}
