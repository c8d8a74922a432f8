package org.schedlab.ui;

import org.eclipse.ui.IFolderLayout;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IPerspectiveFactory;

/**
 * The SchedLab perspective: Project Explorer on the left, the editor area in the middle, Outline on the
 * right, Problems and Progress (and the chart views, once they exist) below the editors.
 */
public final class SchedLabPerspective implements IPerspectiveFactory {

	/** The perspective's id, as declared in plugin.xml. */
	public static final String ID = "org.schedlab.ui.perspective";

	static final String PROJECT_EXPLORER = "org.eclipse.ui.navigator.ProjectExplorer";
	static final String PROGRESS_VIEW = "org.eclipse.ui.views.ProgressView";

	@Override
	public void createInitialLayout(IPageLayout layout) {
		String editors = layout.getEditorArea();
		layout.setEditorAreaVisible(true);
		layout.addView(PROJECT_EXPLORER, IPageLayout.LEFT, 0.22f, editors);
		layout.addView(IPageLayout.ID_OUTLINE, IPageLayout.RIGHT, 0.78f, editors);
		IFolderLayout bottom = layout.createFolder("org.schedlab.ui.bottom", IPageLayout.BOTTOM, 0.68f, editors);
		bottom.addView(IPageLayout.ID_PROBLEM_VIEW);
		bottom.addView(PROGRESS_VIEW);
		layout.addShowViewShortcut(PROJECT_EXPLORER);
		layout.addShowViewShortcut(IPageLayout.ID_OUTLINE);
		layout.addShowViewShortcut(IPageLayout.ID_PROBLEM_VIEW);
		layout.addShowViewShortcut(PROGRESS_VIEW);
		layout.addNewWizardShortcut("org.eclipse.ui.wizards.new.project");
		layout.addNewWizardShortcut("org.eclipse.ui.wizards.new.file");
	}
}
