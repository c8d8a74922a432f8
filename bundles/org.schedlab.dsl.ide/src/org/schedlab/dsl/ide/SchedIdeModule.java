/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.ide;

import org.eclipse.xtext.ide.editor.contentassist.IdeContentProposalProvider;
import org.eclipse.xtext.ide.editor.syntaxcoloring.ISemanticHighlightingCalculator;
import org.eclipse.xtext.ide.server.codeActions.ICodeActionService2;
import org.eclipse.xtext.ide.server.symbol.DocumentSymbolMapper;

/** Binds the IDE-neutral services of the .sched language (used by the language server and the JFace editor). */
public class SchedIdeModule extends AbstractSchedIdeModule {

    public Class<? extends IdeContentProposalProvider> bindIdeContentProposalProvider() {
        return SchedContentProposalProvider.class;
    }

    public Class<? extends ISemanticHighlightingCalculator> bindISemanticHighlightingCalculator() {
        return SchedHighlighting.class;
    }

    public Class<? extends DocumentSymbolMapper.DocumentSymbolKindProvider> bindDocumentSymbolKindProvider() {
        return SchedSymbolKinds.class;
    }

    public Class<? extends DocumentSymbolMapper.DocumentSymbolDetailsProvider> bindDocumentSymbolDetailsProvider() {
        return SchedSymbolDetails.class;
    }

    /** Quick fixes for unknown engines, versions, patches, tunables and metrics ({@link SchedQuickFixes}). */
    public Class<? extends ICodeActionService2> bindICodeActionService2() {
        return SchedCodeActions.class;
    }
}
