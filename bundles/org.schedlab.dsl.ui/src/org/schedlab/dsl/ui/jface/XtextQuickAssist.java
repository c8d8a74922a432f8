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

import org.eclipse.jface.text.contentassist.CompletionProposal;
import org.eclipse.jface.text.contentassist.ICompletionProposal;
import org.eclipse.jface.text.quickassist.IQuickAssistInvocationContext;
import org.eclipse.jface.text.quickassist.IQuickAssistProcessor;
import org.eclipse.jface.text.source.Annotation;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.codeActions.ICodeActionService2;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.Issue;

/**
 * Quick fixes (Ctrl+1) from the language's code actions, the ones its language server offers: the problems at the
 * caret become LSP diagnostics, the language's {@link ICodeActionService2} answers with edits, and each single-edit
 * action becomes a proposal that applies it.
 */
final class XtextQuickAssist implements IQuickAssistProcessor {

    /**
     * One fix: replace {@code length} characters at {@code offset} with {@code text}.
     *
     * @param title what the fix does
     */
    record Fix(String title, int offset, int length, String text) {
    }

    private final XtextEditor editor;
    private String error;

    XtextQuickAssist(XtextEditor editor) {
        this.editor = editor;
    }

    @Override
    public String getErrorMessage() {
        return error;
    }

    @Override
    public boolean canFix(Annotation annotation) {
        return true;
    }

    @Override
    public boolean canAssist(IQuickAssistInvocationContext context) {
        return false;
    }

    @Override
    public ICompletionProposal[] computeQuickAssistProposals(IQuickAssistInvocationContext context) {
        List<ICompletionProposal> out = new ArrayList<>();
        for (Fix f : fixes(context.getSourceViewer().getDocument().get(), context.getOffset())) {
            out.add(new CompletionProposal(f.text(), f.offset(), f.length(), f.text().length(), null, f.title(), null,
                    null));
        }
        return out.toArray(ICompletionProposal[]::new);
    }

    /** @return the fixes of the problems whose range holds {@code offset} of {@code text} */
    List<Fix> fixes(String text, int offset) {
        error = null;
        ICodeActionService2 service = editor.language().get(ICodeActionService2.class);
        if (service == null) {
            return List.of();
        }
        try {
            XtextResource resource = editor.language().parse(editor.resourceUri(), text);
            Document document = new Document(1, text);
            List<Diagnostic> here = new ArrayList<>();
            for (Issue issue : editor.language().validate(resource, CancelIndicator.NullImpl)) {
                int start = issue.getOffset() == null ? -1 : issue.getOffset();
                int end = start + (issue.getLength() == null ? 0 : issue.getLength());
                if (issue.getCode() != null && start >= 0 && start <= offset && offset <= end) {
                    Diagnostic d = new Diagnostic(new Range(document.getPosition(start), document.getPosition(end)),
                            issue.getMessage());
                    d.setCode(issue.getCode());
                    here.add(d);
                }
            }
            if (here.isEmpty()) {
                return List.of();
            }
            ICodeActionService2.Options options = new ICodeActionService2.Options();
            options.setDocument(document);
            options.setResource(resource);
            options.setURI(editor.resourceUri().toString());
            options.setCancelIndicator(CancelIndicator.NullImpl);
            Range caret = new Range(document.getPosition(offset), document.getPosition(offset));
            options.setCodeActionParams(new CodeActionParams(new TextDocumentIdentifier(options.getURI()), caret,
                    new CodeActionContext(here)));
            List<Fix> fixes = new ArrayList<>();
            for (var action : service.getCodeActions(options)) {
                if (action.isRight()) {
                    fix(action.getRight(), document).ifPresent(fixes::add);
                }
            }
            return fixes;
        } catch (RuntimeException e) {
            error = "quick fix failed: " + e;
            return List.of();
        }
    }

    private static java.util.Optional<Fix> fix(CodeAction action, Document document) {
        if (action.getEdit() == null || action.getEdit().getChanges() == null) {
            return java.util.Optional.empty();
        }
        List<TextEdit> edits = action.getEdit().getChanges().values().stream().flatMap(List::stream).toList();
        if (edits.size() != 1) {
            return java.util.Optional.empty(); // a proposal applies one replacement
        }
        TextEdit e = edits.get(0);
        int start = document.getOffSet(e.getRange().getStart());
        int end = document.getOffSet(e.getRange().getEnd());
        return java.util.Optional.of(new Fix(action.getTitle(), start, end - start, e.getNewText()));
    }
}
