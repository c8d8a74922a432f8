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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.jface.text.source.Annotation;
import org.eclipse.jface.text.source.IAnnotationModel;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.ide.IDE;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.schedlab.dsl.translate.InstalledEngines;
import org.schedlab.dsl.ui.SchedEditor;
import org.schedlab.dsl.ui.jface.OutlineNode;
import org.schedlab.sim.spi.PatchInfo;
import org.schedlab.sim.spi.SchedulerEngine;

/** The .sched editor in the workbench: outline, validation as you type into markers, content assist, hover. */
class SchedEditorTest {

    private IWorkbenchPage page;

    @AfterEach
    void closeEditors() {
        if (page != null) {
            page.closeAllEditors(false);
        }
    }

    private SchedEditor open(IFile file) throws Exception {
        page = Workbench.page();
        IEditorPart part = IDE.openEditor(page, file, SchedEditor.ID, true);
        SchedEditor editor = assertInstanceOf(SchedEditor.class, part);
        assertTrue(Workbench.waitFor(() -> !editor.symbols().isEmpty(), 30_000), "the outline gets symbols");
        return editor;
    }

    private static IDocument document(SchedEditor editor) {
        return editor.getDocumentProvider().getDocument(editor.getEditorInput());
    }

    private static IMarker[] errors(IFile file) {
        try {
            return Arrays.stream(file.findMarkers(SchedEditor.PROBLEM_MARKER, true, IResource.DEPTH_ZERO))
                    .filter(m -> m.getAttribute(IMarker.SEVERITY, -1) == IMarker.SEVERITY_ERROR)
                    .toArray(IMarker[]::new);
        } catch (CoreException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void typingAnErrorPutsAMarkerInTheEditorAndTheProblemsView() throws Exception {
        IFile file = Workbench.copy("editor", "hello.sched");
        SchedEditor editor = open(file);
        List<String> names = editor.symbols().stream().map(OutlineNode::name).toList();
        assertTrue(names.containsAll(List.of("duo", "reference", "hello")), "outline: " + names);
        Workbench.settle(1000);
        assertEquals(0, errors(file).length, "the example is valid: " + Arrays.toString(errors(file)));
        page.showView(IPageLayout.ID_OUTLINE);
        page.activate(editor);
        Workbench.screenshot("editor");

        IDocument doc = document(editor);
        int at = doc.get().indexOf("engine rr");
        doc.replace(at, "engine rr".length(), "engine nosuch");
        assertTrue(Workbench.waitFor(() -> errors(file).length > 0, 30_000), "an error marker appears");
        IMarker marker = errors(file)[0];
        assertFalse(marker.getAttribute(IMarker.MESSAGE, "").isBlank());
        int start = marker.getAttribute(IMarker.CHAR_START, -1);
        assertTrue(start >= at && start <= at + "engine nosuch".length(),
                "the marker sits on the bad engine: " + start + " vs " + at);
        assertTrue(Workbench.waitFor(() -> hasErrorAnnotation(editor), 10_000), "the editor shows it");
        page.showView(IPageLayout.ID_PROBLEM_VIEW);
        page.activate(editor);
        editor.selectAndReveal(start, 6);
        Workbench.settle(3000); // the Problems view refreshes after a delay
        Workbench.screenshot("editor-error");

        doc.replace(at, "engine nosuch".length(), "engine rr");
        assertTrue(Workbench.waitFor(() -> errors(file).length == 0, 30_000), "fixing it clears the marker");
    }

    private static boolean hasErrorAnnotation(SchedEditor editor) {
        IAnnotationModel model = editor.getDocumentProvider().getAnnotationModel(editor.getEditorInput());
        for (Iterator<Annotation> it = model.getAnnotationIterator(); it.hasNext();) {
            if (it.next().getType().endsWith(".error")) {
                return true;
            }
        }
        return false;
    }

    @Test
    void closingWithoutSavingLeavesNoMarkerOfTheUnsavedError() throws Exception {
        IFile file = Workbench.copy("editor-close", "hello.sched");
        SchedEditor editor = open(file);
        Workbench.settle(1000);
        assertEquals(0, errors(file).length, "the example is valid");
        IDocument doc = document(editor);
        int at = doc.get().indexOf("engine rr");
        doc.replace(at, "engine rr".length(), "engine nosuch");
        assertTrue(Workbench.waitFor(() -> errors(file).length > 0, 30_000), "the typed error is marked");
        Workbench.screenshot("editor-unsaved-error");
        page.closeEditor(editor, false);
        assertTrue(Workbench.waitFor(() -> errors(file).length == 0, 30_000),
                "the saved file is valid: no marker stays: " + Arrays.toString(errors(file)));
        Workbench.settle(1500);
        assertEquals(0, errors(file).length, "and none comes back from a late reconcile");
        page.showView("org.eclipse.ui.views.ProblemView");
        Workbench.screenshot("editor-closed-problems-view");

        SchedEditor again = open(file);
        IDocument d2 = document(again);
        int k = d2.get().indexOf("engine rr");
        d2.replace(k, "engine rr".length(), "engine nosuch");
        again.doSave(null);
        assertTrue(Workbench.waitFor(() -> errors(file).length > 0, 30_000), "a saved error is marked");
        page.closeEditor(again, false);
        Workbench.settle(1500);
        assertTrue(errors(file).length > 0, "a saved error stays marked after closing");
    }

    @Test
    void contentAssistAfterAKernelOffersExactlyItsEnginesPatches() throws Exception {
        IFile file = Workbench.copy("editor", "cfs.sched");
        SchedEditor editor = open(file);
        IDocument doc = document(editor);
        doc.replace(doc.getLength(), 0, "\nvariant extra = linux_2_6_24 + ");
        // only the patches: no generic "id" placeholder for the STRING feature PatchRef.id
        Set<String> offered = editor.proposalsAt(doc.getLength()).stream().filter(p -> p.startsWith("\""))
                .collect(Collectors.toCollection(TreeSet::new));
        SchedulerEngine cfs = InstalledEngines.find().stream().filter(e -> e.info().id().equals("cfs")).findFirst()
                .orElseThrow(() -> new AssertionError("the cfs engine is installed"));
        Set<String> expected = cfs.info().patches().stream().filter(p -> p.appliesTo().contains("2.6.24"))
                .map(PatchInfo::id).map(id -> "\"" + id + "\"").collect(Collectors.toCollection(TreeSet::new));
        assertFalse(expected.isEmpty(), "cfs 2.6.24 has patches");
        assertEquals(expected, offered);
    }

    @Test
    void quickFixReplacesAnUnknownEngineWithTheNearestInstalledOne() throws Exception {
        IFile file = Workbench.copy("editor", "hello.sched");
        SchedEditor editor = open(file);
        IDocument doc = document(editor);
        int at = doc.get().indexOf("engine rr") + "engine ".length();
        doc.replace(at, 2, "rx");
        List<String> fixes = editor.quickFixesAt(at + 1);
        assertFalse(fixes.isEmpty(), "Ctrl+1 on the unknown engine offers fixes");
        assertEquals("Change to rr -> rr @ " + at + "+2", fixes.get(0), fixes.toString());
        assertTrue(editor.quickFixesAt(0).isEmpty(), "no problem at the start of the file: no fixes");
    }

    @Test
    void hoverOnAPatchShowsItsTitleAndAuthor() throws Exception {
        IFile file = Workbench.copy("editor", "cfs.sched");
        SchedEditor editor = open(file);
        String text = document(editor).get();
        int at = text.indexOf("\"balbir-rightmost-2008\"") + 3;
        String hover = editor.hoverAt(at);
        assertNotNull(hover, "a hover on the patch");
        SchedulerEngine cfs = InstalledEngines.find().stream().filter(e -> e.info().id().equals("cfs")).findFirst()
                .orElseThrow();
        PatchInfo patch = cfs.info().patch("balbir-rightmost-2008").orElseThrow();
        assertTrue(hover.contains(patch.title()) && hover.contains(patch.author()), hover);
    }

    @Test
    void openDeclarationSelectsTheKernelAVariantNames() throws Exception {
        IFile file = Workbench.copy("editor", "hello.sched");
        SchedEditor editor = open(file);
        String text = document(editor).get();
        int use = text.indexOf("= reference") + 3;
        assertTrue(editor.openDeclaration(use), "a declaration is found");
        ITextSelection selection = (ITextSelection) editor.getSelectionProvider().getSelection();
        assertEquals(text.indexOf("kernel reference") + "kernel ".length(), selection.getOffset());
        assertEquals("reference", selection.getText());
    }

    @Test
    void formatIndentsAMessyFileAndKeepsItValid() throws Exception {
        IFile file = Workbench.copy("editor", "hello.sched");
        SchedEditor editor = open(file);
        IDocument doc = document(editor);
        String clean = doc.get();
        doc.set(clean.replace("\n\t", "\n").replace("\t", ""));
        editor.format();
        String formatted = doc.get();
        assertTrue(formatted.contains("\n\tcpus 2") || formatted.contains("\n    cpus 2")
                || formatted.contains("\n  cpus 2"), "machine settings are indented again:\n" + formatted);
        Workbench.settle(1500);
        assertTrue(Workbench.waitFor(() -> errors(file).length == 0, 10_000), "the formatted file is valid");
    }
}
