/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.ui.jface;

import org.eclipse.jface.preference.IPreferenceStore;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextHover;
import org.eclipse.jface.text.contentassist.ContentAssistant;
import org.eclipse.jface.text.contentassist.IContentAssistant;
import org.eclipse.jface.text.presentation.IPresentationReconciler;
import org.eclipse.jface.text.quickassist.IQuickAssistAssistant;
import org.eclipse.jface.text.quickassist.QuickAssistAssistant;
import org.eclipse.jface.text.presentation.PresentationReconciler;
import org.eclipse.jface.text.reconciler.IReconciler;
import org.eclipse.jface.text.reconciler.MonoReconciler;
import org.eclipse.jface.text.rules.DefaultDamagerRepairer;
import org.eclipse.jface.text.source.ISourceViewer;
import org.eclipse.ui.editors.text.TextSourceViewerConfiguration;
import org.eclipse.xtext.IGrammarAccess;

/**
 * Wires the Xtext services into the JFace source viewer: colouring, reconciling, content assist, quick fixes and
 * hover.
 */
final class XtextViewerConfiguration extends TextSourceViewerConfiguration {

    /** Milliseconds of quiet typing before the document is parsed and validated again. */
    private static final int RECONCILE_DELAY_MS = 300;

    private final XtextEditor editor;
    private final SemanticHighlighter highlighter;

    XtextViewerConfiguration(XtextEditor editor, IPreferenceStore store) {
        super(store);
        this.editor = editor;
        this.highlighter = new SemanticHighlighter(editor.language());
    }

    @Override
    public IPresentationReconciler getPresentationReconciler(ISourceViewer viewer) {
        PresentationReconciler reconciler = new PresentationReconciler();
        DefaultDamagerRepairer dr = new DefaultDamagerRepairer(
                new KeywordScanner(editor.language().get(IGrammarAccess.class)));
        reconciler.setDamager(dr, IDocument.DEFAULT_CONTENT_TYPE);
        reconciler.setRepairer(dr, IDocument.DEFAULT_CONTENT_TYPE);
        highlighter.install(viewer);
        return reconciler;
    }

    @Override
    public IReconciler getReconciler(ISourceViewer viewer) {
        MonoReconciler reconciler = new MonoReconciler(new XtextReconciler(editor, highlighter), false);
        reconciler.setDelay(RECONCILE_DELAY_MS);
        return reconciler;
    }

    @Override
    public IContentAssistant getContentAssistant(ISourceViewer viewer) {
        ContentAssistant assistant = new ContentAssistant();
        assistant.setContentAssistProcessor(new XtextContentAssist(editor), IDocument.DEFAULT_CONTENT_TYPE);
        assistant.enableAutoInsert(true);
        assistant.setInformationControlCreator(getInformationControlCreator(viewer));
        return assistant;
    }

    @Override
    public ITextHover getTextHover(ISourceViewer viewer, String contentType) {
        return new XtextHover(editor);
    }

    @Override
    public IQuickAssistAssistant getQuickAssistAssistant(ISourceViewer viewer) {
        QuickAssistAssistant assistant = new QuickAssistAssistant();
        assistant.setQuickAssistProcessor(new XtextQuickAssist(editor));
        assistant.setInformationControlCreator(getInformationControlCreator(viewer));
        return assistant;
    }
}
