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
import java.util.Set;

import org.eclipse.jface.text.TextAttribute;
import org.eclipse.jface.text.rules.EndOfLineRule;
import org.eclipse.jface.text.rules.IRule;
import org.eclipse.jface.text.rules.IToken;
import org.eclipse.jface.text.rules.IWordDetector;
import org.eclipse.jface.text.rules.MultiLineRule;
import org.eclipse.jface.text.rules.NumberRule;
import org.eclipse.jface.text.rules.RuleBasedScanner;
import org.eclipse.jface.text.rules.SingleLineRule;
import org.eclipse.jface.text.rules.Token;
import org.eclipse.jface.text.rules.WordRule;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.xtext.GrammarUtil;
import org.eclipse.xtext.IGrammarAccess;

/**
 * Lexical colouring from the grammar: its keywords, Xtext's default comments ({@code //}, {@code /* *}{@code /}),
 * strings and numbers. Semantic colouring comes on top of this from {@link SemanticHighlighter}.
 */
final class KeywordScanner extends RuleBasedScanner {

    KeywordScanner(IGrammarAccess grammar) {
        IToken keyword = token(127, 0, 85, SWT.BOLD);
        IToken comment = token(63, 127, 95, SWT.ITALIC);
        IToken string = token(42, 0, 255, SWT.NORMAL);
        IToken number = token(125, 90, 0, SWT.NORMAL);
        List<IRule> rules = new ArrayList<>();
        rules.add(new EndOfLineRule("//", comment));
        rules.add(new MultiLineRule("/*", "*/", comment, (char) 0, true));
        rules.add(new SingleLineRule("\"", "\"", string, '\\'));
        rules.add(new SingleLineRule("'", "'", string, '\\'));
        WordRule words = new WordRule(new Identifiers(), Token.UNDEFINED);
        Set<String> keywords = GrammarUtil.getAllKeywords(grammar.getGrammar());
        for (String k : keywords) {
            if (k.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                words.addWord(k, keyword);
            }
        }
        rules.add(words);
        rules.add(new NumberRule(number));
        setRules(rules.toArray(IRule[]::new));
    }

    private static IToken token(int r, int g, int b, int style) {
        return new Token(new TextAttribute(new Color(r, g, b), null, style));
    }

    private static final class Identifiers implements IWordDetector {
        @Override
        public boolean isWordStart(char c) {
            return Character.isJavaIdentifierStart(c);
        }

        @Override
        public boolean isWordPart(char c) {
            return Character.isJavaIdentifierPart(c);
        }
    }
}
