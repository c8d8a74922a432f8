package org.schedlab.ui.results;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.ui.part.EditorPart;

/** An editor that shows a result and never changes it: nothing to save, never dirty. */
abstract class ReadOnlyEditorPart extends EditorPart {

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
