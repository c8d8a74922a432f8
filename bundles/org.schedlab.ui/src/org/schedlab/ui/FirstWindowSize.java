/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui;

import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IStartup;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.osgi.service.prefs.BackingStoreException;

/**
 * The first time SchedLab starts in a workspace, its window fills the screen: the IDE application's default size
 * is too small for the editor, the chart views and the outline side by side. Later starts keep whatever size the
 * user left (the workbench restores it), so the window is never resized behind the user's back.
 */
public final class FirstWindowSize implements IStartup {
    private static final String SIZED = "firstWindowSized";

    @Override
    public void earlyStartup() {
        IEclipsePreferences prefs = InstanceScope.INSTANCE.getNode("org.schedlab.ui");
        if (prefs.getBoolean(SIZED, false)) {
            return;
        }
        Display display = PlatformUI.getWorkbench().getDisplay();
        display.asyncExec(() -> {
            for (IWorkbenchWindow w : PlatformUI.getWorkbench().getWorkbenchWindows()) {
                Shell shell = w.getShell();
                if (shell != null && !shell.isDisposed()) {
                    Rectangle area = shell.getMonitor().getClientArea();
                    shell.setBounds(area);
                }
            }
            prefs.putBoolean(SIZED, true);
            try {
                prefs.flush();
            } catch (BackingStoreException e) {
                Platform.getLog(FirstWindowSize.class).warn("cannot remember the first window size", e);
            }
        });
    }
}
