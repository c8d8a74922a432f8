/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.results;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.ui.part.EditorPart;

/** An editor that shows something and never changes it (a result, the welcome page): nothing to save, never dirty. */
public abstract class ReadOnlyEditorPart extends EditorPart {

    @Override
    public final void doSave(IProgressMonitor monitor) {
        // read-only
    }

    @Override
    public final void doSaveAs() {
        // read-only
    }

    @Override
    public final boolean isDirty() {
        return false;
    }

    @Override
    public final boolean isSaveAsAllowed() {
        return false;
    }
}
