/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.views;

import org.eclipse.jface.action.Action;
import org.eclipse.jface.viewers.ISelectionProvider;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.ISelectionListener;
import org.eclipse.ui.IViewSite;
import org.eclipse.ui.IWorkbenchPage;

/**
 * What every chart view does on creation and disposal: follow the workbench selection (the results editor's
 * selected result and variant), offer "Export as PNG..." in its view menu, and start from what is selected now.
 */
final class FollowResults {

    private FollowResults() {
    }

    /** Wires {@code listener} to the page's selection and adds the export action; call from createPartControl. */
    static void install(IViewSite site, ISelectionListener listener, Runnable exportPng) {
        IWorkbenchPage page = site.getPage();
        page.addPostSelectionListener(listener);
        page.addSelectionListener(listener);
        site.getActionBars().getMenuManager().add(new Action("Export as PNG...") {
            @Override
            public void run() {
                exportPng.run();
            }
        });
        listener.selectionChanged(null, page.getSelection());
        IEditorPart editor = page.getActiveEditor();
        ISelectionProvider provider = editor == null ? null : editor.getSite().getSelectionProvider();
        if (provider != null) {
            listener.selectionChanged(editor, provider.getSelection());
        }
    }

    /** Unwires {@code listener}; call from dispose. */
    static void uninstall(IViewSite site, ISelectionListener listener) {
        site.getPage().removePostSelectionListener(listener);
        site.getPage().removeSelectionListener(listener);
    }
}
