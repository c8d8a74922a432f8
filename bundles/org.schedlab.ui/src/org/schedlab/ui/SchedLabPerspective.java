/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui;

import org.eclipse.ui.IFolderLayout;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IPerspectiveFactory;

/**
 * The SchedLab perspective: Project Explorer on the left, the editor area in the middle, Outline on the
 * right, Problems and Progress below the editors and the chart views (org.schedlab.ui.charts) beside them. The
 * launch action set gives the Run toolbar button (Run As &gt; SchedLab Experiment).
 */
public final class SchedLabPerspective implements IPerspectiveFactory {

    /** The perspective's id, as declared in plugin.xml. */
    public static final String ID = "org.schedlab.ui.perspective";

    static final String PROJECT_EXPLORER = "org.eclipse.ui.navigator.ProjectExplorer";
    static final String PROGRESS_VIEW = "org.eclipse.ui.views.ProgressView";

    /** The chart views of org.schedlab.ui.charts, by id (that bundle depends on this one, not the reverse). */
    static final String[] CHART_VIEWS = { "org.schedlab.ui.charts.comparison", "org.schedlab.ui.charts.timeSeries",
            "org.schedlab.ui.charts.tasks", "org.schedlab.ui.charts.latency", "org.schedlab.ui.charts.timeline",
            "org.schedlab.ui.charts.sweep", "org.schedlab.ui.charts.sensitivity" };

    @Override
    public void createInitialLayout(IPageLayout layout) {
        String editors = layout.getEditorArea();
        layout.setEditorAreaVisible(true);
        layout.addView(PROJECT_EXPLORER, IPageLayout.LEFT, 0.22f, editors);
        layout.addView(IPageLayout.ID_OUTLINE, IPageLayout.RIGHT, 0.78f, editors);
        IFolderLayout bottom = layout.createFolder("org.schedlab.ui.bottom", IPageLayout.BOTTOM, 0.58f, editors);
        bottom.addView(IPageLayout.ID_PROBLEM_VIEW);
        bottom.addView(PROGRESS_VIEW);
        IFolderLayout charts = layout.createFolder("org.schedlab.ui.charts", IPageLayout.RIGHT, 0.32f,
                "org.schedlab.ui.bottom");
        for (String id : CHART_VIEWS) {
            charts.addView(id);
            layout.addShowViewShortcut(id);
        }
        layout.addActionSet("org.eclipse.debug.ui.launchActionSet");
        layout.addShowViewShortcut(PROJECT_EXPLORER);
        layout.addShowViewShortcut(IPageLayout.ID_OUTLINE);
        layout.addShowViewShortcut(IPageLayout.ID_PROBLEM_VIEW);
        layout.addShowViewShortcut(PROGRESS_VIEW);
        layout.addNewWizardShortcut("org.eclipse.ui.wizards.new.project");
        layout.addNewWizardShortcut("org.eclipse.ui.wizards.new.file");
        layout.addNewWizardShortcut(org.schedlab.ui.examples.ExamplesWizard.ID);
    }
}
