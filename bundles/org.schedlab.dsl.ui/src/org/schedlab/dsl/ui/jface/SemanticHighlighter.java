/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.ui.jface;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextPresentationListener;
import org.eclipse.jface.text.ITextViewerExtension4;
import org.eclipse.jface.text.TextPresentation;
import org.eclipse.jface.text.source.ISourceViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.graphics.Color;
import org.eclipse.xtext.ide.editor.syntaxcoloring.ISemanticHighlightingCalculator;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;

/**
 * Semantic highlighting: runs the language's {@link ISemanticHighlightingCalculator} on each reconciled resource and
 * merges the styled ranges into the viewer's presentation, over the lexical colours.
 */
final class SemanticHighlighter implements ITextPresentationListener {

    private final ISemanticHighlightingCalculator calculator;
    private final Map<String, XtextLanguage.Style> styles;
    private volatile List<StyleRange> ranges = List.of();
    private ISourceViewer viewer;

    SemanticHighlighter(XtextLanguage language) {
        this.calculator = language.get(ISemanticHighlightingCalculator.class);
        this.styles = language.semanticStyles();
    }

    void install(ISourceViewer sourceViewer) {
        this.viewer = sourceViewer;
        ((ITextViewerExtension4) sourceViewer).addTextPresentationListener(this);
    }

    /** Computes the ranges of {@code resource} (any thread) and repaints the viewer (UI thread). */
    void update(XtextResource resource, CancelIndicator cancel) {
        List<StyleRange> computed = new ArrayList<>();
        calculator.provideHighlightingFor(resource, (offset, length, ids) -> {
            for (String id : ids) {
                XtextLanguage.Style s = styles.get(id);
                if (s != null && length > 0) {
                    int font = (s.bold() ? SWT.BOLD : 0) | (s.italic() ? SWT.ITALIC : 0);
                    computed.add(new StyleRange(offset, length, new Color(s.color()), null, font));
                }
            }
        }, cancel);
        computed.sort((a, b) -> Integer.compare(a.start, b.start));
        List<StyleRange> disjoint = new ArrayList<>();
        int end = 0;
        for (StyleRange r : computed) {
            if (r.start >= end) {
                disjoint.add(r);
                end = r.start + r.length;
            }
        }
        ranges = List.copyOf(disjoint);
        ISourceViewer v = viewer;
        if (v != null && v.getTextWidget() != null && !v.getTextWidget().isDisposed()) {
            v.getTextWidget().getDisplay().asyncExec(() -> {
                if (v.getTextWidget() != null && !v.getTextWidget().isDisposed()) {
                    v.invalidateTextPresentation();
                }
            });
        }
    }

    @Override
    public void applyTextPresentation(TextPresentation presentation) {
        IRegion extent = presentation.getExtent();
        int from = extent.getOffset();
        int to = from + extent.getLength();
        int docLength = viewer == null || viewer.getDocument() == null ? 0 : viewer.getDocument().getLength();
        List<StyleRange> merge = new ArrayList<>();
        for (StyleRange r : ranges) {
            int start = Math.max(r.start, from);
            int end = Math.min(Math.min(r.start + r.length, to), docLength);
            if (start < end) {
                StyleRange copy = (StyleRange) r.clone();
                copy.start = start;
                copy.length = end - start;
                merge.add(copy);
            }
        }
        if (!merge.isEmpty()) {
            presentation.mergeStyleRanges(merge.toArray(StyleRange[]::new));
        }
    }
}
