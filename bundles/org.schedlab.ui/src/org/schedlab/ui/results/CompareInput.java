/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.results;

import java.util.Objects;

import org.eclipse.core.resources.IFile;
import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IPersistableElement;

/** Two result files to compare side by side: {@code left} is the reference, {@code right} is compared against it. */
public final class CompareInput implements IEditorInput {

    private final IFile left;
    private final IFile right;

    public CompareInput(IFile left, IFile right) {
        this.left = Objects.requireNonNull(left);
        this.right = Objects.requireNonNull(right);
    }

    public IFile left() {
        return left;
    }

    public IFile right() {
        return right;
    }

    @Override
    public boolean exists() {
        return left.exists() && right.exists();
    }

    @Override
    public ImageDescriptor getImageDescriptor() {
        return ImageDescriptor.getMissingImageDescriptor();
    }

    @Override
    public String getName() {
        return left.getName() + " vs " + right.getName();
    }

    @Override
    public IPersistableElement getPersistable() {
        return null;
    }

    @Override
    public String getToolTipText() {
        return left.getFullPath() + " against " + right.getFullPath();
    }

    @Override
    public <T> T getAdapter(Class<T> adapter) {
        return null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CompareInput c && c.left.equals(left) && c.right.equals(right);
    }

    @Override
    public int hashCode() {
        return Objects.hash(left, right);
    }
}
