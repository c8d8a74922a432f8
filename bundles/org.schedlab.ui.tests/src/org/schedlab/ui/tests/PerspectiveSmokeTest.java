/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IViewReference;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.Test;
import org.schedlab.ui.SchedLabPerspective;

/** Smoke test under the UI harness: the SchedLab perspective opens with its views. */
class PerspectiveSmokeTest {

    @Test
    void schedlabPerspectiveOpensWithItsViews() throws Exception {
        assertTrue(PlatformUI.isWorkbenchRunning(), "workbench must be running (UI harness)");
        IWorkbench workbench = PlatformUI.getWorkbench();
        IWorkbenchPage page = workbench.getActiveWorkbenchWindow().getActivePage();
        page.setPerspective(workbench.getPerspectiveRegistry().findPerspectiveWithId(SchedLabPerspective.ID));
        flush();
        assertNotNull(page.getPerspective());
        assertEquals(SchedLabPerspective.ID, page.getPerspective().getId());
        List<String> open = Arrays.stream(page.getViewReferences()).map(IViewReference::getId).toList();
        for (String id : List.of("org.eclipse.ui.navigator.ProjectExplorer", IPageLayout.ID_OUTLINE,
                IPageLayout.ID_PROBLEM_VIEW, "org.eclipse.ui.views.ProgressView")) {
            assertTrue(open.contains(id), id + " should be open in the SchedLab perspective, open: " + open);
        }
        assertTrue(page.isEditorAreaVisible(), "the editor area is visible");
    }

    private static void flush() {
        Display display = Display.getCurrent();
        while (display.readAndDispatch()) {
            // process pending UI events
        }
    }
}
