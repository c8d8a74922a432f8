/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The help bundle's build step: turns the user documents (README.md and docs/*.md) into the HTML pages of
 * SchedLab's Eclipse Help, one page per document, and the table of contents (toc.xml) with a topic per page and per
 * second-level heading. Covers the Markdown the documents use: ATX headings, paragraphs, fenced and indented code,
 * bullet and numbered lists, pipe tables, inline code, bold, italics and links (links to other documents become links
 * to their pages).
 *
 *   java tools/help/MarkdownToHtml.java REPO_ROOT OUT_DIR HREF_PREFIX PAGE=FILE.md...
 *
 * writes OUT_DIR/toc.xml and OUT_DIR/html/PAGE.html; the toc's links start with HREF_PREFIX (the output folder as the
 * bundle sees it, e.g. {@code gen/}).
 */
public final class MarkdownToHtml {

    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*)$");
    private static final Pattern BULLET = Pattern.compile("^\\s*([-*]|\\d+\\.)\\s+(.*)$");

    public static void main(String[] args) throws IOException {
        if (args.length < 4) {
            System.err.println("usage: MarkdownToHtml REPO_ROOT OUT_DIR HREF_PREFIX PAGE=FILE.md...");
            System.exit(2);
        }
        Path root = Path.of(args[0]);
        Path out = Path.of(args[1]);
        String prefix = args[2];
        Files.createDirectories(out.resolve("html"));
        StringBuilder toc = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<?NLS TYPE=\"org.eclipse.help.toc\"?>\n"
                + "<toc label=\"SchedLab User Guide\" topic=\"" + prefix + "html/readme.html\">\n");
        for (int i = 3; i < args.length; i++) {
            String[] pair = args[i].split("=", 2);
            String page = pair[0];
            List<String> lines = Files.readAllLines(root.resolve(pair[1]), StandardCharsets.UTF_8);
            List<String[]> headings = new ArrayList<>();
            String html = page(lines, headings);
            write(out.resolve("html/" + page + ".html"), html);
            String title = headings.isEmpty() ? page : headings.get(0)[1];
            toc.append("  <topic label=\"").append(attr(title)).append("\" href=\"").append(prefix).append("html/").append(page)
                    .append(".html\">\n");
            for (String[] h : headings) {
                if (h[0].equals("2")) {
                    toc.append("    <topic label=\"").append(attr(h[1])).append("\" href=\"").append(prefix).append("html/")
                            .append(page).append(".html#").append(h[2]).append("\"/>\n");
                }
            }
            toc.append("  </topic>\n");
        }
        toc.append("</toc>\n");
        write(out.resolve("toc.xml"), toc.toString());
    }

    private static void write(Path file, String text) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** @return the page; {@code headings} gets {level, text, anchor} of each heading */
    static String page(List<String> lines, List<String[]> headings) {
        StringBuilder b = new StringBuilder();
        StringBuilder para = new StringBuilder();
        String title = null;
        int i = 0;
        while (i < lines.size()) {
            String line = lines.get(i);
            Matcher h = HEADING.matcher(line);
            if (line.isBlank()) {
                flush(b, para);
                i++;
            } else if (line.startsWith("```")) {
                flush(b, para);
                b.append("<pre>");
                for (i++; i < lines.size() && !lines.get(i).startsWith("```"); i++) {
                    b.append(escape(lines.get(i))).append('\n');
                }
                b.append("</pre>\n");
                i++;
            } else if (line.startsWith("    ") && para.isEmpty()) {
                b.append("<pre>");
                for (; i < lines.size() && (lines.get(i).startsWith("    ") || lines.get(i).isBlank()
                        && i + 1 < lines.size() && lines.get(i + 1).startsWith("    ")); i++) {
                    b.append(escape(lines.get(i).length() >= 4 ? lines.get(i).substring(4) : "")).append('\n');
                }
                b.append("</pre>\n");
            } else if (h.matches()) {
                flush(b, para);
                int level = h.group(1).length();
                String text = h.group(2).trim();
                String anchor = text.toLowerCase().replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
                headings.add(new String[] { Integer.toString(level), stripInline(text), anchor });
                title = title == null ? stripInline(text) : title;
                b.append("<h").append(level).append(" id=\"").append(anchor).append("\">").append(inline(text))
                        .append("</h").append(level).append(">\n");
                i++;
            } else if (line.trim().startsWith("|")) {
                flush(b, para);
                b.append("<table border=\"1\" cellspacing=\"0\" cellpadding=\"3\">\n");
                boolean head = true;
                for (; i < lines.size() && lines.get(i).trim().startsWith("|"); i++) {
                    String row = lines.get(i).trim();
                    if (row.matches("\\|[\\s:|-]+\\|?")) {
                        continue;
                    }
                    b.append("<tr>");
                    for (String cell : row.substring(1, row.endsWith("|") ? row.length() - 1 : row.length()).split("\\|")) {
                        b.append(head ? "<th>" : "<td>").append(inline(cell.trim())).append(head ? "</th>" : "</td>");
                    }
                    b.append("</tr>\n");
                    head = false;
                }
                b.append("</table>\n");
            } else if (BULLET.matcher(line).matches() && para.isEmpty()) {
                boolean numbered = Character.isDigit(line.trim().charAt(0));
                b.append(numbered ? "<ol>\n" : "<ul>\n");
                StringBuilder item = null;
                for (; i < lines.size() && !lines.get(i).isBlank(); i++) {
                    Matcher m = BULLET.matcher(lines.get(i));
                    if (m.matches() && !lines.get(i).startsWith("    ")) {
                        if (item != null) {
                            b.append("<li>").append(inline(item.toString())).append("</li>\n");
                        }
                        item = new StringBuilder(m.group(2));
                    } else {
                        item.append(' ').append(lines.get(i).trim());
                    }
                }
                b.append("<li>").append(inline(item.toString())).append("</li>\n");
                b.append(numbered ? "</ol>\n" : "</ul>\n");
            } else {
                para.append(para.isEmpty() ? "" : " ").append(line.trim());
                i++;
            }
        }
        flush(b, para);
        return "<!DOCTYPE html>\n<html><head><meta charset=\"UTF-8\"><title>" + escape(title == null ? "SchedLab" : title)
                + "</title>\n<style>body{font-family:sans-serif;max-width:60em;margin:1em}pre{background:#f4f4f4;"
                + "padding:.5em;overflow:auto}code{background:#f4f4f4}</style></head>\n<body>\n" + b + "</body></html>\n";
    }

    private static void flush(StringBuilder b, StringBuilder para) {
        if (!para.isEmpty()) {
            b.append("<p>").append(inline(para.toString())).append("</p>\n");
            para.setLength(0);
        }
    }

    /** Inline code first (its content is literal), then bold, italics and links in the rest. */
    static String inline(String text) {
        StringBuilder out = new StringBuilder();
        String[] parts = text.split("`", -1);
        for (int k = 0; k < parts.length; k++) {
            if (k % 2 == 1 && k < parts.length - 1) {
                out.append("<code>").append(escape(parts[k])).append("</code>");
            } else {
                String s = escape(k % 2 == 1 ? "`" + parts[k] : parts[k]);
                s = s.replaceAll("\\*\\*(.+?)\\*\\*", "<b>$1</b>");
                s = s.replaceAll("(?<![\\w*])\\*([^*\\s][^*]*?)\\*(?![\\w*])", "<i>$1</i>");
                s = s.replaceAll("\\[([^\\]]+)\\]\\((?:docs/|\\.\\./)?([a-z]+)\\.md(#[^)]*)?\\)", "<a href=\"$2.html$3\">$1</a>");
                s = s.replaceAll("\\[([^\\]]+)\\]\\((https?://[^)]+)\\)", "<a href=\"$2\">$1</a>");
                out.append(s);
            }
        }
        return out.toString();
    }

    private static String stripInline(String text) {
        return text.replace("`", "").replace("**", "");
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static String attr(String s) {
        return escape(s).replace("\"", "&quot;");
    }
}
