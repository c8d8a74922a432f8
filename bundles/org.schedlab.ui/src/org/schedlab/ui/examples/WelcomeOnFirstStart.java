/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.examples;

import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.eclipse.ui.IStartup;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;
import org.osgi.service.prefs.BackingStoreException;

/**
 * The first time SchedLab starts in a workspace, the welcome page opens in the editor area (once: a workspace
 * preference remembers it). {@code -Dschedlab.welcome=false} skips it; the UI tests set it, so that they start
 * from the empty workbench they expect.
 */
public final class WelcomeOnFirstStart implements IStartup {

    /** The system property that, set to false, keeps the welcome page closed. */
    public static final String PROPERTY = "schedlab.welcome";

    private static final String SHOWN = "welcomeShown";

    @Override
    public void earlyStartup() {
        if ("false".equals(System.getProperty(PROPERTY))) {
            return;
        }
        IEclipsePreferences prefs = InstanceScope.INSTANCE.getNode("org.schedlab.ui");
        if (prefs.getBoolean(SHOWN, false)) {
            return;
        }
        PlatformUI.getWorkbench().getDisplay().asyncExec(() -> {
            IWorkbenchWindow window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
            if (window == null || window.getActivePage() == null) {
                return;
            }
            try {
                WelcomeEditor.open(window.getActivePage());
            } catch (PartInitException e) {
                Platform.getLog(WelcomeOnFirstStart.class).warn("cannot open the welcome page", e);
                return;
            }
            prefs.putBoolean(SHOWN, true);
            try {
                prefs.flush();
            } catch (BackingStoreException e) {
                Platform.getLog(WelcomeOnFirstStart.class).warn("cannot remember that the welcome page was shown", e);
            }
        });
    }
}
