/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.results;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;

/** Compare With Each Other, for two selected .schedresult files: opens the {@link ResultsCompareEditor}. */
public final class CompareResultsHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        ISelection selection = HandlerUtil.getCurrentSelection(event);
        List<IFile> files = new ArrayList<>();
        if (selection instanceof IStructuredSelection s) {
            for (Object o : s.toList()) {
                IFile f = Adapters.adapt(o, IFile.class);
                if (f != null && "schedresult".equals(f.getFileExtension())) {
                    files.add(f);
                }
            }
        }
        if (files.size() != 2) {
            throw new ExecutionException("select exactly two .schedresult files");
        }
        try {
            HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage()
                    .openEditor(new CompareInput(files.get(0), files.get(1)), ResultsCompareEditor.ID);
        } catch (PartInitException e) {
            throw new ExecutionException(e.getMessage(), e);
        }
        return null;
    }
}
