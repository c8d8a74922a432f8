/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.ide;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.codeActions.ICodeActionService2;
import org.eclipse.xtext.resource.EObjectAtOffsetHelper;
import org.eclipse.xtext.resource.XtextResource;
import org.schedlab.dsl.translate.EngineCatalog;

import com.google.inject.Inject;

/**
 * The language server's code actions: for each diagnostic in the request that {@link SchedQuickFixes} can fix, one
 * quick-fix action per alternative, each replacing the diagnostic's range.
 */
public class SchedCodeActions implements ICodeActionService2 {

    @Inject
    private EngineCatalog injectedCatalog;

    @Inject
    private EObjectAtOffsetHelper offsetHelper;

    @Override
    public List<Either<Command, CodeAction>> getCodeActions(Options options) {
        if (options.getCodeActionParams() == null) {
            return List.of();
        }
        // the language server sets only the URI and gives access to its documents; the editor passes both
        String uri = options.getURI() != null ? options.getURI()
                : options.getCodeActionParams().getTextDocument().getUri();
        if (options.getResource() != null && options.getDocument() != null) {
            return actions(options, options.getResource(), options.getDocument(), uri);
        }
        if (options.getLanguageServerAccess() == null) {
            return List.of();
        }
        return options.getLanguageServerAccess().doSyncRead(uri,
                context -> actions(options, context.getResource(), context.getDocument(), uri));
    }

    private List<Either<Command, CodeAction>> actions(Options options, Resource r, Document document, String uri) {
        List<Either<Command, CodeAction>> actions = new ArrayList<>();
        if (!(r instanceof XtextResource resource) || document == null) {
            return actions;
        }
        for (Diagnostic d : options.getCodeActionParams().getContext().getDiagnostics()) {
            String code = d.getCode() == null ? null : d.getCode().isLeft() ? d.getCode().getLeft() : null;
            if (!SchedQuickFixes.fixable(code)) {
                continue;
            }
            int start;
            int end;
            try {
                start = document.getOffSet(d.getRange().getStart());
                end = document.getOffSet(d.getRange().getEnd());
            } catch (IndexOutOfBoundsException e) {
                continue; // the document changed since the diagnostic
            }
            EObject element = offsetHelper.resolveContainedElementAt(resource, start);
            String wrong = document.getContents().substring(start, Math.max(start, end));
            for (SchedQuickFixes.Fix fix : SchedQuickFixes.fixes(code, element, wrong,
                    EngineCatalog.forContext(element, injectedCatalog))) {
                CodeAction action = new CodeAction(fix.title());
                action.setKind(CodeActionKind.QuickFix);
                action.setDiagnostics(List.of(d));
                action.setEdit(new WorkspaceEdit(
                        Map.of(uri, List.of(new TextEdit(d.getRange(), fix.replacement())))));
                actions.add(Either.forRight(action));
            }
        }
        return actions;
    }
}
