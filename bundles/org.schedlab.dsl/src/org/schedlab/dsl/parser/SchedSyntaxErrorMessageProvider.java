/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.parser;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.AbstractRule;
import org.eclipse.xtext.ParserRule;
import org.eclipse.xtext.RuleCall;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.parser.antlr.SyntaxErrorMessageProvider;
import org.eclipse.xtext.nodemodel.SyntaxErrorMessage;

/**
 * The parser's syntax errors in the user's terms ({@link SchedSyntaxErrorMessages}), located as before: bound in the
 * runtime module, so {@code schedlab check}, the editor and the language server say the same.
 */
public class SchedSyntaxErrorMessageProvider extends SyntaxErrorMessageProvider {

    @Override
    public SyntaxErrorMessage getSyntaxErrorMessage(IParserErrorContext context) {
        SyntaxErrorMessage plain = super.getSyntaxErrorMessage(context);
        String rule = ruleOf(context.getCurrentNode(), context.getCurrentContext());
        return new SyntaxErrorMessage(
                SchedSyntaxErrorMessages.friendly(plain.getMessage(), rule, lastToken(context.getCurrentNode())),
                plain.getIssueCode(), plain.getIssueData());
    }

    /** @return the text of the last token (not a comment or white space) parsed under {@code node}, or null */
    static String lastToken(INode node) {
        String last = null;
        if (node != null) {
            for (ILeafNode leaf : node.getLeafNodes()) {
                if (!leaf.isHidden()) {
                    last = leaf.getText();
                }
            }
        }
        return last;
    }

    /** @return the innermost named construct being parsed: from the node model, else the semantic element */
    static String ruleOf(INode node, EObject semantic) {
        for (INode n = node; n != null; n = n.getParent()) {
            EObject g = n.getGrammarElement();
            AbstractRule r = g instanceof RuleCall call ? call.getRule() : g instanceof ParserRule p ? p : null;
            if (r != null && SchedSyntaxErrorMessages.NAMES.containsKey(r.getName())) {
                return r.getName();
            }
        }
        for (EObject o = semantic; o != null; o = o.eContainer()) {
            String name = o.eClass().getName();
            if (SchedSyntaxErrorMessages.NAMES.containsKey(name)) {
                return name;
            }
        }
        return null;
    }
}
