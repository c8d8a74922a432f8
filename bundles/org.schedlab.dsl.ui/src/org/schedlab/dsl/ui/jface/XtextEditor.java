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
import java.util.ListResourceBundle;
import java.util.ResourceBundle;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.emf.common.util.URI;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IAction;
import org.eclipse.jface.action.IMenuManager;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.jface.text.source.IAnnotationModel;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IFileEditorInput;
import org.eclipse.ui.IURIEditorInput;
import org.eclipse.ui.editors.text.EditorsUI;
import org.eclipse.ui.editors.text.TextEditor;
import org.eclipse.ui.texteditor.ContentAssistAction;
import org.eclipse.ui.texteditor.ITextEditorActionConstants;
import org.eclipse.ui.texteditor.ITextEditorActionDefinitionIds;
import org.eclipse.ui.views.contentoutline.IContentOutlinePage;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistEntry;

/**
 * A text editor for one Xtext language, built on the JFace text framework and driven by the language's IDE-neutral
 * services (org.eclipse.xtext.ide): lexical and semantic colouring, validation while typing (problem markers or
 * annotations), content assist, hover and outline. A language's editor is a subclass that passes its
 * {@link XtextLanguage}.
 */
public abstract class XtextEditor extends TextEditor {

    private static final ResourceBundle MESSAGES = new ListResourceBundle() {
        @Override
        protected Object[][] getContents() {
            return new Object[][] { { "ContentAssistProposal.label", "Content Assist" },
                    { "ContentAssistProposal.tooltip", "Content Assist" },
                    { "ContentAssistProposal.description", "Content Assist" } };
        }
    };

    /** Command id of Format (bound to Ctrl+Shift+F in plugin.xml of the language's editor bundle). */
    public static final String FORMAT_COMMAND = "org.schedlab.dsl.ui.jface.format";

    /** Command id of Toggle Comment (bound to Ctrl+/): line comments on the selected lines, or off. */
    public static final String TOGGLE_COMMENT_COMMAND = "org.schedlab.dsl.ui.jface.toggleComment";

    /** Command id of Open Declaration (bound to F3). */
    public static final String OPEN_DECLARATION_COMMAND = "org.schedlab.dsl.ui.jface.openDeclaration";

    private final XtextLanguage language;
    private volatile URI resourceUri = URI.createURI("inmemory:/untitled");
    private volatile IFile file;
    private volatile boolean closed;
    private XtextOutlinePage outline;
    private volatile List<OutlineNode> symbols = List.of();

    protected XtextEditor(XtextLanguage language) {
        this.language = language;
        setSourceViewerConfiguration(new XtextViewerConfiguration(this, EditorsUI.getPreferenceStore()));
    }

    /** @return the language this editor edits */
    public final XtextLanguage language() {
        return language;
    }

    @Override
    protected void doSetInput(IEditorInput input) throws CoreException {
        if (input instanceof IFileEditorInput f) {
            file = f.getFile();
            resourceUri = URI.createPlatformResourceURI(f.getFile().getFullPath().toString(), true);
        } else if (input instanceof IURIEditorInput u) {
            file = null;
            resourceUri = URI.createURI(u.getURI().toString());
        }
        super.doSetInput(input);
    }

    @Override
    protected void createActions() {
        super.createActions();
        IAction assist = new ContentAssistAction(MESSAGES, "ContentAssistProposal.", this);
        assist.setActionDefinitionId(ITextEditorActionDefinitionIds.CONTENT_ASSIST_PROPOSALS);
        setAction("ContentAssistProposal", assist);
        markAsStateDependentAction("ContentAssistProposal", true);
        IAction format = new Action("Format") {
            @Override
            public void run() {
                format();
            }
        };
        format.setActionDefinitionId(FORMAT_COMMAND);
        setAction(FORMAT_COMMAND, format);
        IAction open = new Action("Open Declaration") {
            @Override
            public void run() {
                ITextSelection s = (ITextSelection) getSelectionProvider().getSelection();
                XtextEditorActions.openDeclaration(XtextEditor.this, document(), s.getOffset());
            }
        };
        open.setActionDefinitionId(OPEN_DECLARATION_COMMAND);
        setAction(OPEN_DECLARATION_COMMAND, open);
        IAction comment = new Action("Toggle Comment") {
            @Override
            public void run() {
                toggleComment();
            }
        };
        comment.setActionDefinitionId(TOGGLE_COMMENT_COMMAND);
        setAction(TOGGLE_COMMENT_COMMAND, comment);
        markAsStateDependentAction(TOGGLE_COMMENT_COMMAND, true);
    }

    /**
     * Comments the selected lines out with {@code // } (or the caret's line), or, when every one of them is a line
     * comment already, takes the comments away; one undo step.
     */
    public final void toggleComment() {
        ITextSelection s = (ITextSelection) getSelectionProvider().getSelection();
        IDocument doc = document();
        org.eclipse.jface.text.IRewriteTarget rewrite = getAdapter(org.eclipse.jface.text.IRewriteTarget.class);
        try {
            if (rewrite != null) {
                rewrite.beginCompoundChange();
            }
            int last = s.getEndLine();
            if (s.getLength() > 0 && last > s.getStartLine() && doc.getLineOffset(last) == s.getOffset() + s.getLength()) {
                last--; // a selection of whole lines ends at the start of the next one
            }
            XtextEditorActions.toggleLineComment(doc, s.getStartLine(), Math.max(s.getStartLine(), last));
        } catch (BadLocationException e) {
            throw new IllegalStateException("selection outside the document", e);
        } finally {
            if (rewrite != null) {
                rewrite.endCompoundChange();
            }
        }
    }

    @Override
    protected void editorContextMenuAboutToShow(IMenuManager menu) {
        super.editorContextMenuAboutToShow(menu);
        addAction(menu, ITextEditorActionConstants.GROUP_EDIT, OPEN_DECLARATION_COMMAND);
        addAction(menu, ITextEditorActionConstants.GROUP_EDIT, FORMAT_COMMAND);
        addAction(menu, ITextEditorActionConstants.GROUP_EDIT, TOGGLE_COMMENT_COMMAND);
    }

    private IDocument document() {
        return getDocumentProvider().getDocument(getEditorInput());
    }

    /** Formats the document with the language's formatter (does nothing while it has syntax errors). */
    public final void format() {
        try {
            XtextEditorActions.format(this, document());
        } catch (BadLocationException e) {
            throw new IllegalStateException("formatter edits outside the document", e);
        }
    }

    /** Selects the declaration of the cross-reference at {@code offset}; returns whether there was one. */
    public final boolean openDeclaration(int offset) {
        return XtextEditorActions.openDeclaration(this, document(), offset);
    }

    /** @return the URI the document is parsed under (so relative imports resolve) */
    final URI resourceUri() {
        return resourceUri;
    }

    /** @return the workspace file being edited, or null for a file outside the workspace */
    final IFile workspaceFile() {
        return file;
    }

    final IAnnotationModel annotationModel() {
        return getDocumentProvider() == null ? null : getDocumentProvider().getAnnotationModel(getEditorInput());
    }

    /** Called by the reconciler (any thread) with the document's new symbols. */
    final void outlineChanged(List<OutlineNode> nodes) {
        symbols = nodes;
        Display display = getSite() == null ? null : getSite().getShell().getDisplay();
        if (display != null && !display.isDisposed()) {
            display.asyncExec(() -> {
                if (outline != null) {
                    outline.setInput(nodes);
                }
            });
        }
    }

    /** @return the symbols of the last reconciled text, as the outline shows them */
    public final List<OutlineNode> symbols() {
        return symbols;
    }

    /** @return what content assist proposes at {@code offset} of the current text (the proposal strings) */
    public final List<String> proposalsAt(int offset) {
        String text = getDocumentProvider().getDocument(getEditorInput()).get();
        return new XtextContentAssist(this).entries(text, offset).stream().map(ContentAssistEntry::getProposal)
                .toList();
    }

    /**
     * @return the quick fixes (Ctrl+1) for the problems at {@code offset} of the current text: each as
     *         {@code title -> replacement @ offset+length}
     */
    public final List<String> quickFixesAt(int offset) {
        String text = getDocumentProvider().getDocument(getEditorInput()).get();
        return new XtextQuickAssist(this).fixes(text, offset).stream()
                .map(f -> f.title() + " -> " + f.text() + " @ " + f.offset() + "+" + f.length()).toList();
    }

    /** @return the hover text at {@code offset} of the current text, or null */
    public final String hoverAt(int offset) {
        return new XtextHover(this).documentation(getDocumentProvider().getDocument(getEditorInput()).get(), offset);
    }

    @Override
    public <T> T getAdapter(Class<T> type) {
        if (type == IContentOutlinePage.class) {
            if (outline == null) {
                outline = new XtextOutlinePage(this);
                outline.setInput(symbols);
            }
            return type.cast(outline);
        }
        return super.getAdapter(type);
    }

    /** @return true once the editor is closed: its reconciler reports no more problems */
    boolean closed() {
        return closed;
    }

    /** Closing with unsaved changes puts the file's markers back to what the saved text has ({@link SavedFileCheck}). */
    @Override
    public void dispose() {
        boolean unsaved = isDirty();
        IFile f = file;
        closed = true;
        outline = null;
        super.dispose();
        if (unsaved && f != null) {
            SavedFileCheck.schedule(language, resourceUri, f);
        }
    }
}
