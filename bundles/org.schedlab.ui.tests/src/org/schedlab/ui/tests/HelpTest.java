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

import org.eclipse.core.resources.IFile;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.ide.IDE;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.schedlab.dsl.ui.SchedEditor;
import org.schedlab.help.About;
import org.schedlab.help.HelpWindow;

/** Help > Help Contents, F1 in the .sched editor and the About text. */
class HelpTest {

    @AfterEach
    void closeHelp() {
        HelpWindow w = HelpWindow.current();
        if (w != null) {
            w.shell().close();
        }
        Workbench.page().closeAllEditors(false);
        Workbench.flush();
    }

    @Test
    void helpContentsListsTheGuideAndOpensTheLanguageGuide() throws Exception {
        Workbench.page();
        PlatformUI.getWorkbench().getService(IHandlerService.class).executeCommand("org.eclipse.ui.help.helpContents",
                null);
        assertTrue(Workbench.waitFor(() -> HelpWindow.current() != null, 10_000), "Help Contents opens the help");
        HelpWindow w = HelpWindow.current();
        assertTrue(w.pageText().contains("SchedLab answers the question"), "the first page is the README");
        TreeItem language = null;
        for (TreeItem item : w.toc().getItems()) {
            if (item.getText().equals("The .sched language")) {
                language = item;
            }
        }
        assertNotNull(language, "the contents list the language guide");
        assertTrue(w.toc().getItemCount() >= 8, "README and the docs: " + w.toc().getItemCount());
        w.toc().setSelection(language);
        Event e = new Event();
        e.item = language;
        w.toc().notifyListeners(SWT.Selection, e);
        assertEquals("gen/html/language.html", w.page());
        assertTrue(w.pageText().contains("A .sched file describes machines"), "the language guide is shown");
        assertTrue(w.shell().getText().contains("The .sched language"), w.shell().getText());
        fill(w.shell());
        shot(w.shell(), "help-language-guide");
    }

    @Test
    void f1InTheEditorOpensTheLanguageGuide() throws Exception {
        IWorkbenchPage page = Workbench.page();
        IFile file = Workbench.copy("help", "hello.sched");
        SchedEditor editor = (SchedEditor) IDE.openEditor(page, file, SchedEditor.ID, true);
        StyledText text = (StyledText) editor.getAdapter(org.eclipse.swt.widgets.Control.class);
        text.setFocus();
        text.notifyListeners(SWT.Help, new Event()); // what SWT sends for F1
        assertTrue(Workbench.waitFor(() -> HelpWindow.current() != null, 10_000), "F1 opens the help");
        assertEquals("gen/html/language.html", HelpWindow.current().page());
    }

    @Test
    void aboutNamesVersionLicenceAndEngines() {
        String about = About.text();
        assertTrue(about.startsWith("SchedLab 0."), about);
        assertTrue(about.contains("EPL-2.0"), about);
        for (String engine : new String[] { "goodness", "o1", "cfs" }) {
            assertTrue(about.contains("  " + engine + ": "), engine + " in " + about);
        }
    }

    private static void fill(Shell shell) {
        Rectangle screen = shell.getDisplay().getPrimaryMonitor().getBounds();
        shell.setBounds(screen.x + 100, screen.y + 50, 1200, 800);
        Workbench.settle(500);
    }

    private static void shot(Shell shell, String name) throws Exception {
        Workbench.screenshotOf(shell, name);
    }
}
