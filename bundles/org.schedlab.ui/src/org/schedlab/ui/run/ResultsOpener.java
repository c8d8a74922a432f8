/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.run;

import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.part.FileEditorInput;
import org.eclipse.ui.statushandlers.StatusManager;
import org.schedlab.ui.results.ResultsEditor;

/** Opens result files in the results editor, from any thread. */
final class ResultsOpener {

    private ResultsOpener() {
    }

    static void open(List<IFile> files) {
        if (files.isEmpty()) {
            return;
        }
        ActivePage.later(page -> {
            for (IFile f : files) {
                // a re-run replaced the file: show the new result, not the one read before
                IEditorPart stale = page.findEditor(new FileEditorInput(f));
                if (stale != null) {
                    page.closeEditor(stale, false);
                }
                try {
                    IDE.openEditor(page, f, ResultsEditor.ID, true);
                } catch (PartInitException e) {
                    StatusManager.getManager().handle(e.getStatus(), StatusManager.LOG | StatusManager.SHOW);
                }
            }
        });
    }
}
