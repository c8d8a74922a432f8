/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.ide;

import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.Assignment;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistContext;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistEntry;
import org.eclipse.xtext.ide.editor.contentassist.IIdeContentProposalAcceptor;
import org.eclipse.xtext.ide.editor.contentassist.IdeContentProposalProvider;
import org.schedlab.dsl.documentation.SchedDocumentationProvider;
import org.schedlab.dsl.translate.EngineCatalog;

import com.google.inject.Inject;

/**
 * Content assist beyond keywords and names (workloads, machines, variants come from scoping): the installed engines,
 * the versions of the kernel's engine, the patches that apply to its version (with title, author and date), the
 * engine's tunables, cost keys, built-in profiles and the experiment's metrics. It dispatches on the EMF feature the
 * grammar assignment sets ({@link AssignedFeature}, {@link SchedAlternatives}), so a renamed feature is a compile
 * error rather than assist that silently stops.
 */
public class SchedContentProposalProvider extends IdeContentProposalProvider {

    @Inject
    private EngineCatalog injectedCatalog;

    @Override
    protected void _createProposals(Assignment assignment, ContentAssistContext context,
            IIdeContentProposalAcceptor acceptor) {
        EObject model = context.getCurrentModel();
        EStructuralFeature feature = AssignedFeature.of(assignment);
        List<SchedAlternatives.Alternative> alternatives = feature == null ? null
                : SchedAlternatives.of(feature, model, EngineCatalog.forContext(model, injectedCatalog));
        if (alternatives == null) {
            // the default proposals: keywords' neighbours, cross-references, and for other terminals a placeholder
            // named after the feature, which for the features above would be noise ("id" among the patches)
            super._createProposals(assignment, context, acceptor);
            return;
        }
        for (SchedAlternatives.Alternative a : alternatives) {
            ContentAssistEntry entry = getProposalCreator().createProposal(a.text(), context);
            if (entry != null) {
                entry.setDescription(a.description());
                if (a.patch() != null) {
                    entry.setDocumentation(SchedDocumentationProvider.patch(a.patch()));
                }
                acceptor.accept(entry, getProposalPriorities().getDefaultPriority(entry) + 10);
            }
        }
    }
}
