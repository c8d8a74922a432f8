/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.ui.jface;

import java.util.List;

import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.views.contentoutline.ContentOutlinePage;

/** The Outline view's page for an Xtext editor: the document symbols, a click selects the name in the editor. */
final class XtextOutlinePage extends ContentOutlinePage {

    private final XtextEditor editor;
    private List<OutlineNode> input = List.of();

    XtextOutlinePage(XtextEditor editor) {
        this.editor = editor;
    }

    @Override
    public void createControl(Composite parent) {
        super.createControl(parent);
        TreeViewer viewer = getTreeViewer();
        viewer.setContentProvider(new Nodes());
        viewer.setLabelProvider(new Labels());
        viewer.addSelectionChangedListener(e -> {
            if (e.getSelection() instanceof IStructuredSelection s && s.getFirstElement() instanceof OutlineNode n) {
                editor.selectAndReveal(n.offset(), n.length());
            }
        });
        viewer.setInput(input);
        viewer.expandToLevel(2);
    }

    /** Shows new symbols (UI thread). */
    void setInput(List<OutlineNode> nodes) {
        input = nodes;
        TreeViewer viewer = getTreeViewer();
        if (viewer != null && !viewer.getControl().isDisposed()) {
            Object[] expanded = viewer.getExpandedElements();
            viewer.setInput(nodes);
            viewer.expandToLevel(expanded.length == 0 ? 2 : 1);
        }
    }

    /** @return the nodes shown (for tests) */
    List<OutlineNode> input() {
        return input;
    }

    private static final class Nodes implements ITreeContentProvider {
        @Override
        public Object[] getElements(Object in) {
            return ((List<?>) in).toArray();
        }

        @Override
        public Object[] getChildren(Object parent) {
            return ((OutlineNode) parent).children().toArray();
        }

        @Override
        public Object getParent(Object element) {
            return null;
        }

        @Override
        public boolean hasChildren(Object element) {
            return !((OutlineNode) element).children().isEmpty();
        }
    }

    private static final class Labels extends LabelProvider {
        @Override
        public String getText(Object element) {
            OutlineNode n = (OutlineNode) element;
            return n.kind().isEmpty() ? n.name() : n.name() + " : " + n.kind().toLowerCase(java.util.Locale.ROOT);
        }

        @Override
        public Image getImage(Object element) {
            String id = ((OutlineNode) element).children().isEmpty() ? ISharedImages.IMG_OBJ_ELEMENT
                    : ISharedImages.IMG_OBJ_FOLDER;
            return PlatformUI.getWorkbench().getSharedImages().getImage(id);
        }
    }
}
