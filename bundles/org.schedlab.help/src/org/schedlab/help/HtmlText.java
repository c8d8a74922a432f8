/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.help;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.custom.StyledText;

/**
 * A help page drawn as styled text where no browser is available: the HTML the help build writes (headings,
 * paragraphs, pre, lists, tables, code, b, i, links) as text with bold headings, monospaced code and clickable links.
 */
final class HtmlText {

    private static final Pattern TOKEN = Pattern.compile("<(/?)([a-zA-Z0-9]+)([^>]*)>|([^<]+)");
    private static final Pattern ATTR = Pattern.compile("(id|href)=\"([^\"]*)\"");

    private final StyledText widget;
    private final Map<String, Integer> anchors = new HashMap<>();
    private final List<StyleRange> links = new ArrayList<>();
    private Consumer<String> follow = href -> {
    };

    HtmlText(StyledText widget) {
        this.widget = widget;
        widget.setMargins(12, 8, 12, 8);
        widget.addListener(SWT.MouseUp, e -> {
            int offset = widget.getOffsetAtPoint(new org.eclipse.swt.graphics.Point(e.x, e.y));
            for (StyleRange r : links) {
                if (offset >= r.start && offset < r.start + r.length && r.data instanceof String href) {
                    follow.accept(href);
                    return;
                }
            }
        });
    }

    StyledText widget() {
        return widget;
    }

    /** Shows {@code html}; a click on a link hands its href to {@code onLink}. */
    void setHtml(String html, Consumer<String> onLink) {
        follow = onLink;
        anchors.clear();
        links.clear();
        String body = html.replaceFirst("(?s)^.*<body>", "").replaceFirst("(?s)</body>.*$", "");
        StringBuilder out = new StringBuilder();
        List<StyleRange> styles = new ArrayList<>();
        Deque<Object[]> open = new ArrayDeque<>(); // {tag, start offset, href}
        boolean pre = false;
        Matcher m = TOKEN.matcher(body);
        while (m.find()) {
            if (m.group(4) != null) {
                String t = decode(m.group(4));
                out.append(pre ? t : t.replace('\n', ' '));
                continue;
            }
            String tag = m.group(2).toLowerCase();
            boolean closing = !m.group(1).isEmpty();
            if (!closing) {
                Matcher a = ATTR.matcher(m.group(3));
                String href = null;
                while (a.find()) {
                    if (a.group(1).equals("id")) {
                        anchors.put(a.group(2), out.length());
                    } else {
                        href = a.group(2);
                    }
                }
                switch (tag) {
                case "li" -> out.append("  \u2022 ");
                case "pre" -> pre = true;
                case "td", "th" -> out.append(" | ");
                default -> {
                    // styled on closing
                }
                }
                open.push(new Object[] { tag, out.length(), href });
                continue;
            }
            Object[] start = open.isEmpty() ? new Object[] { tag, out.length(), null } : open.pop();
            int from = (Integer) start[1];
            StyleRange r = style(tag, from, out.length() - from, (String) start[2]);
            if (r != null) {
                styles.add(r);
                if (r.data != null) {
                    links.add(r);
                }
            }
            switch (tag) {
            case "h1", "h2", "h3", "h4", "p", "li", "tr", "table", "ul", "ol" -> out.append('\n');
            case "pre" -> pre = false;
            default -> {
                // inline
            }
            }
            if (tag.matches("h[1-4]|p|pre|table|ul|ol")) {
                out.append('\n');
            }
        }
        widget.setText(out.toString());
        styles.sort((x, y) -> Integer.compare(x.start, y.start));
        for (StyleRange r : styles) {
            if (r.start + r.length <= out.length()) {
                widget.setStyleRange(r);
            }
        }
    }

    private static StyleRange style(String tag, int start, int length, String href) {
        if (length <= 0) {
            return null;
        }
        StyleRange r = new StyleRange();
        r.start = start;
        r.length = length;
        switch (tag) {
        case "h1" -> r.font = JFaceResources.getHeaderFont();
        case "h2", "h3", "h4", "b", "th" -> r.fontStyle = SWT.BOLD;
        case "i" -> r.fontStyle = SWT.ITALIC;
        case "pre", "code" -> r.font = JFaceResources.getTextFont();
        case "a" -> {
            r.underline = true;
            r.foreground = org.eclipse.swt.widgets.Display.getCurrent().getSystemColor(SWT.COLOR_LINK_FOREGROUND);
            r.data = href;
        }
        default -> {
            return null;
        }
        }
        return r;
    }

    /** Scrolls to the heading with id {@code anchor} (the top when null or unknown). */
    void reveal(String anchor) {
        Integer offset = anchor == null ? null : anchors.get(anchor);
        widget.setTopIndex(offset == null ? 0 : widget.getLineAtOffset(Math.min(offset, widget.getCharCount())));
    }

    private static String decode(String s) {
        return s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&");
    }
}
