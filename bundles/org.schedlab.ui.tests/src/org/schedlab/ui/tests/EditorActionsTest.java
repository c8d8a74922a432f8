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
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.eclipse.core.resources.IFile;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.TextSelection;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.widgets.Control;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.keys.IBindingService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.schedlab.dsl.ui.SchedEditor;
import org.schedlab.dsl.ui.jface.XtextEditor;

/** The .sched editor's text actions and their keys: delete line, undo of a typing run, toggle comment. */
class EditorActionsTest {

    @AfterEach
    void close() {
        Workbench.page().closeAllEditors(false);
    }

    private static SchedEditor open() throws Exception {
        IWorkbenchPage page = Workbench.page();
        IFile file = Workbench.copy("actions", "hello.sched");
        SchedEditor editor = (SchedEditor) IDE.openEditor(page, file, SchedEditor.ID, true);
        page.activate(editor);
        Workbench.flush();
        return editor;
    }

    private static IDocument doc(SchedEditor e) {
        return e.getDocumentProvider().getDocument(e.getEditorInput());
    }

    private static void run(String command) throws Exception {
        PlatformUI.getWorkbench().getService(IHandlerService.class).executeCommand(command, null);
        Workbench.flush();
    }

    private static String keys(String command) {
        return Arrays.toString(PlatformUI.getWorkbench().getService(IBindingService.class).getActiveBindingsFor(command));
    }

    @Test
    void ctrlDDeletesTheLineAndOneUndoTakesBackATypingRun() throws Exception {
        SchedEditor editor = open();
        IDocument doc = doc(editor);
        assertTrue(keys("org.eclipse.ui.edit.text.delete.line").contains("CTRL+D"), keys("org.eclipse.ui.edit.text.delete.line"));
        int line = doc.getLineOfOffset(doc.get().indexOf("machine duo"));
        String deleted = doc.get(doc.getLineOffset(line), doc.getLineLength(line));
        int lines = doc.getNumberOfLines();
        editor.selectAndReveal(doc.getLineOffset(line) + 3, 0);
        run("org.eclipse.ui.edit.text.delete.line");
        assertEquals(lines - 1, doc.getNumberOfLines());
        assertTrue(!doc.get().contains(deleted), "the caret's line is gone");
        run("org.eclipse.ui.edit.undo");
        assertTrue(doc.get().contains(deleted), "undo brings it back");

        StyledText text = (StyledText) editor.getAdapter(Control.class);
        String before = doc.get();
        int at = doc.getLineOffset(line);
        for (char c : "// typed".toCharArray()) {
            text.setCaretOffset(at);
            text.insert(Character.toString(c));
            at++;
            Workbench.flush();
        }
        assertTrue(doc.get().contains("// typedmachine duo"), doc.get());
        run("org.eclipse.ui.edit.undo");
        assertEquals(before, doc.get(), "one undo takes back the whole typing run");
    }

    @Test
    void ctrlSlashTogglesLineComments() throws Exception {
        SchedEditor editor = open();
        IDocument doc = doc(editor);
        assertTrue(keys(XtextEditor.TOGGLE_COMMENT_COMMAND).contains("CTRL+/"), keys(XtextEditor.TOGGLE_COMMENT_COMMAND));
        int first = doc.getLineOfOffset(doc.get().indexOf("machine duo"));
        String before = doc.get();
        int from = doc.getLineOffset(first);
        int to = doc.getLineOffset(first + 2);
        editor.getSelectionProvider().setSelection(new TextSelection(from, to - from));
        run(XtextEditor.TOGGLE_COMMENT_COMMAND);
        assertTrue(doc.get(from, 20).startsWith("// machine duo {"), doc.get(from, 20));
        String second = doc.get(doc.getLineOffset(first + 1), doc.getLineLength(first + 1));
        assertTrue(second.stripLeading().startsWith("// cpus 2"), "the second line too: " + second);
        String third = doc.get(doc.getLineOffset(first + 2), doc.getLineLength(first + 2));
        assertTrue(!third.contains("//"), "a selection ending at a line's start leaves that line: " + third);
        editor.getSelectionProvider().setSelection(new TextSelection(doc.getLineOffset(first),
                doc.getLineOffset(first + 2) - doc.getLineOffset(first)));
        run(XtextEditor.TOGGLE_COMMENT_COMMAND);
        assertEquals(before, doc.get(), "toggling again takes the comments away");
        Workbench.screenshot("editor-actions");
    }
}
