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

import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.Document;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.Position;

/**
 * An outline entry: a document symbol of the language's IDE services with its place in the text as offsets.
 *
 * @param name     the symbol's name
 * @param kind     what the symbol is: the language's symbol detail when it gives one, else its symbol kind
 *                 (Struct, Function, ...)
 * @param offset   offset of the symbol's name
 * @param length   length of the symbol's name
 * @param children nested symbols
 */
public record OutlineNode(String name, String kind, int offset, int length, List<OutlineNode> children) {

    public OutlineNode {
        children = List.copyOf(children);
    }

    /** @return the symbols as outline nodes, their line/character positions turned into offsets of {@code text} */
    public static List<OutlineNode> of(List<DocumentSymbol> symbols, String text) {
        Document lines = new Document(text);
        List<OutlineNode> out = new ArrayList<>();
        for (DocumentSymbol s : symbols) {
            out.add(of(s, lines));
        }
        return out;
    }

    private static OutlineNode of(DocumentSymbol s, Document lines) {
        List<OutlineNode> children = new ArrayList<>();
        if (s.getChildren() != null) {
            for (DocumentSymbol c : s.getChildren()) {
                children.add(of(c, lines));
            }
        }
        var range = s.getSelectionRange() != null ? s.getSelectionRange() : s.getRange();
        int start = offset(lines, range.getStart());
        int end = offset(lines, range.getEnd());
        String kind = s.getDetail() != null && !s.getDetail().isBlank() ? s.getDetail()
                : s.getKind() == null ? "" : s.getKind().name();
        return new OutlineNode(s.getName(), kind, start, Math.max(0, end - start), children);
    }

    private static int offset(Document lines, Position p) {
        try {
            return Math.min(lines.getLength(), lines.getLineOffset(p.getLine()) + p.getCharacter());
        } catch (BadLocationException e) {
            return 0;
        }
    }
}
