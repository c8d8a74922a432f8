/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.ui.jface;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextHover;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.Region;
import org.eclipse.xtext.documentation.IEObjectDocumentationProvider;
import org.eclipse.xtext.resource.EObjectAtOffsetHelper;
import org.eclipse.xtext.resource.XtextResource;

/**
 * Hover: the documentation the language's {@link IEObjectDocumentationProvider} gives for the element under the mouse
 * (the target of a cross-reference, else the element itself), Markdown emphasis removed.
 */
final class XtextHover implements ITextHover {

    private final XtextEditor editor;

    XtextHover(XtextEditor editor) {
        this.editor = editor;
    }

    @Override
    public String getHoverInfo(ITextViewer viewer, IRegion region) {
        return documentation(viewer.getDocument().get(), region.getOffset());
    }

    /** @return the documentation at {@code offset} of {@code text}, or null */
    String documentation(String text, int offset) {
        try {
            XtextResource resource = editor.language().parse(editor.resourceUri(), text);
            EObject element = editor.language().get(EObjectAtOffsetHelper.class).resolveElementAt(resource, offset);
            if (element == null) {
                return null;
            }
            String doc = editor.language().get(IEObjectDocumentationProvider.class).getDocumentation(element);
            return doc == null || doc.isBlank() ? null : doc.replace("**", "").replace("`", "");
        } catch (RuntimeException e) {
            return null;
        }
    }

    @Override
    public IRegion getHoverRegion(ITextViewer viewer, int offset) {
        String text = viewer.getDocument().get();
        int start = offset;
        int end = offset;
        while (start > 0 && isWordPart(text.charAt(start - 1))) {
            start--;
        }
        while (end < text.length() && isWordPart(text.charAt(end))) {
            end++;
        }
        return new Region(start, Math.max(0, end - start));
    }

    private static boolean isWordPart(char c) {
        return Character.isJavaIdentifierPart(c) || c == '.' || c == '-';
    }
}
