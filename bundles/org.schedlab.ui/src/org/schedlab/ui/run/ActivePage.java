/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.run;

import java.util.function.Consumer;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;

/** What a job hands to the workbench when it is done: work on the active page, from any thread. */
public final class ActivePage {

    private ActivePage() {
    }

    /**
     * Runs {@code action} later on the UI thread with the active workbench page; does nothing without a running
     * workbench (headless tests) or an active page (the window is closing).
     */
    public static void later(Consumer<IWorkbenchPage> action) {
        if (!PlatformUI.isWorkbenchRunning()) {
            return;
        }
        PlatformUI.getWorkbench().getDisplay().asyncExec(() -> {
            IWorkbenchWindow window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
            IWorkbenchPage page = window == null ? null : window.getActivePage();
            if (page != null) {
                action.accept(page);
            }
        });
    }
}
