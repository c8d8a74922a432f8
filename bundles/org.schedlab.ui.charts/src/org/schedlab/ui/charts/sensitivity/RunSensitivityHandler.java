/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.sensitivity;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.window.Window;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IFileEditorInput;
import org.eclipse.ui.handlers.HandlerUtil;

/**
 * Run Sensitivity, on a .sched file in the explorer or in its editor: asks for the seeds per cell and the measured
 * time per run ({@link SettingsDialog}), then runs a {@link SensitivityJob}.
 */
public final class RunSensitivityHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        IEditorPart editor = HandlerUtil.getActiveEditor(event);
        IFile file = file(HandlerUtil.getCurrentSelection(event), editor);
        if (file == null) {
            throw new ExecutionException("Run Sensitivity needs a .sched file: select one or open it in the editor");
        }
        if (editor != null && editor.isDirty() && editor.getEditorInput() instanceof IFileEditorInput in
                && in.getFile().equals(file)) {
            editor.doSave(null);
        }
        SettingsDialog dialog = new SettingsDialog(HandlerUtil.getActiveShellChecked(event), file.getName());
        if (dialog.open() == Window.OK) {
            new SensitivityJob(file, dialog.settings()).schedule();
        }
        return null;
    }

    /** @return the .sched file of the selection, else of the active editor, else null */
    static IFile file(ISelection selection, IEditorPart editor) {
        if (selection instanceof IStructuredSelection s && !s.isEmpty()) {
            IFile f = Adapters.adapt(s.getFirstElement(), IFile.class);
            if (sched(f)) {
                return f;
            }
        }
        if (editor != null && editor.getEditorInput() instanceof IFileEditorInput in && sched(in.getFile())) {
            return in.getFile();
        }
        return null;
    }

    private static boolean sched(IFile f) {
        return f != null && "sched".equals(f.getFileExtension());
    }
}
