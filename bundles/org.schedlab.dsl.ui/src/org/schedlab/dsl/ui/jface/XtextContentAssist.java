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
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.contentassist.CompletionProposal;
import org.eclipse.jface.text.contentassist.ICompletionProposal;
import org.eclipse.jface.text.contentassist.IContentAssistProcessor;
import org.eclipse.jface.text.contentassist.IContextInformation;
import org.eclipse.jface.text.contentassist.IContextInformationValidator;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistContext;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistEntry;
import org.eclipse.xtext.ide.editor.contentassist.IdeContentProposalAcceptor;
import org.eclipse.xtext.ide.editor.contentassist.IdeContentProposalProvider;
import org.eclipse.xtext.ide.editor.contentassist.antlr.ContentAssistContextFactory;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.TextRegion;

/**
 * Content assist from the language's {@link IdeContentProposalProvider}: keywords, cross-reference names and whatever
 * the language proposes, each with its description and documentation.
 */
final class XtextContentAssist implements IContentAssistProcessor {

    private static final ExecutorService POOL = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "xtext-content-assist");
        t.setDaemon(true);
        return t;
    });

    private final XtextEditor editor;
    private String error;

    XtextContentAssist(XtextEditor editor) {
        this.editor = editor;
    }

    @Override
    public ICompletionProposal[] computeCompletionProposals(ITextViewer viewer, int offset) {
        List<ICompletionProposal> out = new ArrayList<>();
        for (ContentAssistEntry e : entries(viewer.getDocument().get(), offset)) {
            String prefix = e.getPrefix() == null ? "" : e.getPrefix();
            String text = e.getProposal();
            int start = Math.max(0, offset - prefix.length());
            String label = e.getLabel() != null ? e.getLabel() : text;
            String display = e.getDescription() == null ? label : label + " - " + e.getDescription();
            out.add(new CompletionProposal(text, start, offset - start, text.length(), null, display, null,
                    e.getDocumentation()));
        }
        return out.toArray(ICompletionProposal[]::new);
    }

    /** @return the language's proposals at {@code offset} of {@code text}, best first */
    List<ContentAssistEntry> entries(String text, int offset) {
        error = null;
        try {
            XtextResource resource = editor.language().parse(editor.resourceUri(), text);
            ContentAssistContextFactory factory = editor.language().get(ContentAssistContextFactory.class);
            factory.setPool(POOL);
            ContentAssistContext[] contexts = factory.create(text, new TextRegion(offset, 0), offset, resource);
            IdeContentProposalAcceptor acceptor = editor.language().get(IdeContentProposalAcceptor.class);
            editor.language().get(IdeContentProposalProvider.class).createProposals(Arrays.asList(contexts),
                    acceptor);
            List<ContentAssistEntry> entries = new ArrayList<>();
            acceptor.getEntries().forEach(entries::add);
            return entries;
        } catch (RuntimeException e) {
            error = "content assist failed: " + e;
            return List.of();
        }
    }

    @Override
    public IContextInformation[] computeContextInformation(ITextViewer viewer, int offset) {
        return null;
    }

    @Override
    public char[] getCompletionProposalAutoActivationCharacters() {
        return null;
    }

    @Override
    public char[] getContextInformationAutoActivationCharacters() {
        return null;
    }

    @Override
    public String getErrorMessage() {
        return error;
    }

    @Override
    public IContextInformationValidator getContextInformationValidator() {
        return null;
    }
}
