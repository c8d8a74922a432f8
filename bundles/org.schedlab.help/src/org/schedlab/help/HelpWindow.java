/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.help;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;

import javax.xml.parsers.DocumentBuilderFactory;

import org.eclipse.core.runtime.Platform;
import org.eclipse.swt.SWT;
import org.eclipse.swt.SWTError;
import org.eclipse.swt.browser.Browser;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.PlatformUI;
import org.osgi.framework.Bundle;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The SchedLab help window: the user guide's table of contents (gen/toc.xml of this bundle) on the left, the page on
 * the right, in a browser when the platform has one and otherwise drawn as styled text ({@link HtmlText}). One window;
 * opening another page reuses it.
 */
public final class HelpWindow {

    private static final String PLUGIN = "org.schedlab.help";
    private static HelpWindow current;

    private final Shell shell;
    private final Tree toc;
    private final Browser browser;
    private final HtmlText text;
    private String page = "";

    private HelpWindow(Shell parent) {
        shell = new Shell(parent, SWT.SHELL_TRIM);
        shell.setText("SchedLab Help");
        shell.setLayout(new FillLayout());
        SashForm sash = new SashForm(shell, SWT.HORIZONTAL);
        toc = new Tree(sash, SWT.BORDER | SWT.SINGLE);
        Browser b;
        try {
            b = new Browser(sash, SWT.NONE);
        } catch (SWTError noBrowser) {
            b = null; // no WebKitGTK: styled text instead
        }
        browser = b;
        text = browser == null ? new HtmlText(new StyledText(sash, SWT.BORDER | SWT.V_SCROLL | SWT.H_SCROLL
                | SWT.WRAP | SWT.READ_ONLY)) : null;
        sash.setWeights(25, 75);
        fillToc();
        toc.addListener(SWT.Selection, e -> {
            if (e.item != null && e.item.getData() instanceof String href) {
                show(href);
            }
        });
        shell.addListener(SWT.Dispose, e -> current = null);
        shell.setSize(1100, 760);
    }

    /** Opens (or raises) the window at {@code href} ({@code /plugin/path#anchor} or {@code path}), null: first page. */
    public static HelpWindow open(String href) {
        Display display = PlatformUI.getWorkbench().getDisplay();
        if (current == null || current.shell.isDisposed()) {
            var window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
            current = new HelpWindow(window == null ? null : window.getShell());
        }
        HelpWindow w = current;
        String target = href;
        if (target == null && w.toc.getItemCount() > 0) {
            target = (String) w.toc.getItem(0).getData();
        }
        if (target != null) {
            w.show(target);
        }
        w.shell.open();
        w.shell.forceActive();
        (w.text != null ? w.text.widget() : w.browser).setFocus();
        display.readAndDispatch();
        return w;
    }

    /** @return the open help window, or null */
    public static HelpWindow current() {
        return current == null || current.shell.isDisposed() ? null : current;
    }

    /** @return the window's shell */
    public Shell shell() {
        return shell;
    }

    /** @return the path of the page shown (in this bundle, without anchor) */
    public String page() {
        return page;
    }

    /** @return the text of the page shown (the styled text's; the page's HTML when a browser shows it) */
    public String pageText() {
        return text != null ? text.widget().getText() : browser.getText();
    }

    /** @return the table of contents */
    public Tree toc() {
        return toc;
    }

    /** Shows {@code href}: {@code /org.schedlab.help/gen/html/x.html#anchor} or {@code gen/html/x.html#anchor}. */
    public void show(String href) {
        if (href.startsWith("http://") || href.startsWith("https://")) {
            org.eclipse.swt.program.Program.launch(href);
            return;
        }
        String path = href.startsWith("/" + PLUGIN + "/") ? href.substring(PLUGIN.length() + 2) : href;
        String anchor = null;
        int hash = path.indexOf('#');
        if (hash >= 0) {
            anchor = path.substring(hash + 1);
            path = path.substring(0, hash);
        }
        if (!path.contains("/")) {
            path = "gen/html/" + path; // a link between pages
        }
        URL url = bundle().getEntry(path);
        if (url == null) {
            showText("<h1>Not found</h1><p>" + path + " is not in the help.</p>", null);
            return;
        }
        page = path;
        if (browser != null) {
            browser.setUrl(toFileUrl(url) + (anchor == null ? "" : "#" + anchor));
        } else {
            try (InputStream in = url.openStream()) {
                showText(new String(in.readAllBytes(), StandardCharsets.UTF_8), anchor);
            } catch (IOException e) {
                showText("<p>Cannot read " + path + ": " + e.getMessage() + "</p>", null);
            }
        }
        shell.setText("SchedLab Help - " + title(path));
        selectInToc(path);
    }

    /** Selects the page's entry (no event), so that the tree taking the focus does not select its first entry. */
    private void selectInToc(String path) {
        for (TreeItem item : toc.getItems()) {
            if (path.equals(item.getData())) {
                toc.setSelection(item);
                return;
            }
        }
    }

    private String title(String path) {
        for (TreeItem item : toc.getItems()) {
            if (path.equals(item.getData())) {
                return item.getText();
            }
        }
        return path;
    }

    private void showText(String html, String anchor) {
        text.setHtml(html, this::show);
        text.reveal(anchor);
    }

    private static String toFileUrl(URL url) {
        try {
            return org.eclipse.core.runtime.FileLocator.toFileURL(url).toString();
        } catch (IOException e) {
            return url.toString();
        }
    }

    private static Bundle bundle() {
        return Platform.getBundle(PLUGIN);
    }

    private void fillToc() {
        URL url = bundle().getEntry("gen/toc.xml");
        if (url == null) {
            new TreeItem(toc, SWT.NONE).setText("(the help was not built)");
            return;
        }
        try (InputStream in = url.openStream()) {
            Element root = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in).getDocumentElement();
            for (Node n = root.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element topic) {
                    TreeItem item = new TreeItem(toc, SWT.NONE);
                    item.setText(topic.getAttribute("label"));
                    item.setData(topic.getAttribute("href"));
                    for (Node c = topic.getFirstChild(); c != null; c = c.getNextSibling()) {
                        if (c instanceof Element sub) {
                            TreeItem child = new TreeItem(item, SWT.NONE);
                            child.setText(sub.getAttribute("label"));
                            child.setData(sub.getAttribute("href"));
                        }
                    }
                }
            }
        } catch (Exception e) {
            new TreeItem(toc, SWT.NONE).setText("(cannot read the help's contents: " + e.getMessage() + ")");
        }
    }
}
