/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.ui.jface;

import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.reconciler.DirtyRegion;
import org.eclipse.jface.text.reconciler.IReconcilingStrategy;
import org.eclipse.jface.text.reconciler.IReconcilingStrategyExtension;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.xtext.ide.server.symbol.HierarchicalDocumentSymbolService;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.Issue;

/**
 * Runs after each pause in typing, off the UI thread: parses the document, validates it and hands the results to the
 * problem reporter, the semantic highlighter and the outline.
 */
final class XtextReconciler implements IReconcilingStrategy, IReconcilingStrategyExtension {

    private final XtextEditor editor;
    private final SemanticHighlighter highlighter;
    private final ProblemReporter problems;
    private IDocument document;
    private IProgressMonitor monitor;

    XtextReconciler(XtextEditor editor, SemanticHighlighter highlighter) {
        this.editor = editor;
        this.highlighter = highlighter;
        this.problems = new ProblemReporter(editor.language().markerType());
    }

    @Override
    public void setDocument(IDocument d) {
        this.document = d;
    }

    @Override
    public void setProgressMonitor(IProgressMonitor m) {
        this.monitor = m;
    }

    @Override
    public void initialReconcile() {
        reconcile();
    }

    @Override
    public void reconcile(DirtyRegion dirtyRegion, IRegion subRegion) {
        reconcile();
    }

    @Override
    public void reconcile(IRegion partition) {
        reconcile();
    }

    private void reconcile() {
        IDocument d = document;
        if (d == null) {
            return;
        }
        String text = d.get();
        CancelIndicator cancel = () -> monitor != null && monitor.isCanceled();
        XtextResource resource = editor.language().parse(editor.resourceUri(), text);
        List<Issue> issues = editor.language().validate(resource, cancel);
        if (cancel.isCanceled() || editor.closed()) {
            return; // a closed editor's text is gone: the file's markers are the saved text's (SavedFileCheck)
        }
        problems.report(editor.workspaceFile(), editor.annotationModel(), issues);
        highlighter.update(resource, cancel);
        List<DocumentSymbol> symbols = editor.language().get(HierarchicalDocumentSymbolService.class)
                .getSymbols(resource, cancel);
        editor.outlineChanged(OutlineNode.of(symbols, text));
    }
}
