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
import java.util.Comparator;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IDocumentExtension4;
import org.eclipse.jface.text.DocumentRewriteSession;
import org.eclipse.jface.text.DocumentRewriteSessionType;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.xtext.formatting2.FormatterRequest;
import org.eclipse.xtext.formatting2.IFormatter2;
import org.eclipse.xtext.formatting2.regionaccess.ITextReplacement;
import org.eclipse.xtext.formatting2.regionaccess.TextRegionAccessBuilder;
import org.eclipse.xtext.resource.EObjectAtOffsetHelper;
import org.eclipse.xtext.resource.ILocationInFileProvider;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.ITextRegion;

/** Format (the language's {@link IFormatter2}) and Open Declaration (follow a cross-reference) for an Xtext editor. */
final class XtextEditorActions {

    private XtextEditorActions() {
    }

    /** Formats the whole document with the language's formatter, as one undoable change. */
    static void format(XtextEditor editor, IDocument document) throws BadLocationException {
        XtextLanguage language = editor.language();
        XtextResource resource = language.parse(editor.resourceUri(), document.get());
        if (!resource.getParseResult().hasSyntaxErrors()) {
            FormatterRequest request = language.get(FormatterRequest.class);
            request.setTextRegionAccess(language.get(TextRegionAccessBuilder.class).forNodeModel(resource).create());
            request.setAllowIdentityEdits(false);
            request.setFormatUndefinedHiddenRegionsOnly(false);
            List<ITextReplacement> edits = new ArrayList<>(language.get(IFormatter2.class).format(request));
            edits.sort(Comparator.comparingInt(ITextReplacement::getOffset).reversed());
            DocumentRewriteSession session = document instanceof IDocumentExtension4 d
                    ? d.startRewriteSession(DocumentRewriteSessionType.UNRESTRICTED)
                    : null;
            try {
                for (ITextReplacement r : edits) {
                    document.replace(r.getOffset(), r.getLength(), r.getReplacementText());
                }
            } finally {
                if (session != null) {
                    ((IDocumentExtension4) document).stopRewriteSession(session);
                }
            }
        }
    }

    /**
     * Selects the declaration the cross-reference at {@code offset} points to: in this editor, or in the editor of
     * another workspace file.
     *
     * @return true when a declaration was found and shown
     */
    static boolean openDeclaration(XtextEditor editor, IDocument document, int offset) {
        XtextLanguage language = editor.language();
        XtextResource resource = language.parse(editor.resourceUri(), document.get());
        EObject target = language.get(EObjectAtOffsetHelper.class).resolveCrossReferencedElementAt(resource, offset);
        if (target == null || target.eIsProxy() || target.eResource() == null) {
            return false;
        }
        ITextRegion region = language.get(ILocationInFileProvider.class).getSignificantTextRegion(target);
        URI uri = target.eResource().getURI();
        if (uri.equals(resource.getURI())) {
            editor.selectAndReveal(region.getOffset(), region.getLength());
            return true;
        }
        if (uri.isPlatformResource()) {
            IFile file = ResourcesPlugin.getWorkspace().getRoot()
                    .getFile(new org.eclipse.core.runtime.Path(uri.toPlatformString(true)));
            try {
                IEditorPart other = IDE.openEditor(editor.getSite().getPage(), file);
                if (other instanceof ITextEditor text) {
                    text.selectAndReveal(region.getOffset(), region.getLength());
                }
                return true;
            } catch (PartInitException e) {
                return false;
            }
        }
        return false;
    }

    /**
     * Comments lines {@code first..last} out with {@code // } at their indentation, or, when every non-blank one is a
     * line comment already, takes the {@code //} (and one space after it) away.
     */
    static void toggleLineComment(IDocument document, int first, int last) throws BadLocationException {
        boolean allCommented = true;
        for (int line = first; line <= last; line++) {
            String text = lineText(document, line);
            allCommented &= text.isBlank() || text.stripLeading().startsWith("//");
        }
        for (int line = last; line >= first; line--) {
            String text = lineText(document, line);
            int indent = text.length() - text.stripLeading().length();
            int at = document.getLineOffset(line) + indent;
            if (allCommented && text.stripLeading().startsWith("//")) {
                document.replace(at, text.stripLeading().startsWith("// ") ? 3 : 2, "");
            } else if (!allCommented && !text.isBlank()) {
                document.replace(at, 0, "// ");
            }
        }
    }

    private static String lineText(IDocument document, int line) throws BadLocationException {
        return document.get(document.getLineOffset(line), document.getLineLength(line)).replaceAll("[\\r\\n]+$", "");
    }
}
