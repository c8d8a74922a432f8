/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.editors;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;

/**
 * Open Traces Side by Side, for two selected trace files: one {@link TraceTimelineEditor} with both on a shared time
 * axis. A SchedLab JSON trace (always simulated) goes below the other file; otherwise the selection's order holds.
 */
public final class OpenTracesSideBySideHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        open(HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage(), HandlerUtil.getCurrentSelection(event));
        return null;
    }

    /** Opens the two files of {@code selection} in one editor on {@code page}; returns it. */
    public static IEditorPart open(IWorkbenchPage page, ISelection selection) throws ExecutionException {
        List<IFile> files = new ArrayList<>();
        if (selection instanceof IStructuredSelection s) {
            for (Object o : s.toList()) {
                IFile f = Adapters.adapt(o, IFile.class);
                if (f != null) {
                    files.add(f);
                }
            }
        }
        if (files.size() != 2) {
            throw new ExecutionException("select exactly two trace files");
        }
        IFile upper = files.get(0);
        IFile lower = files.get(1);
        if (json(upper) && !json(lower)) {
            upper = files.get(1);
            lower = files.get(0);
        }
        try {
            return page.openEditor(new TracePairInput(upper, lower), TraceTimelineEditor.ID);
        } catch (PartInitException e) {
            throw new ExecutionException(e.getMessage(), e);
        }
    }

    private static boolean json(IFile f) {
        return "json".equalsIgnoreCase(f.getFileExtension());
    }
}
