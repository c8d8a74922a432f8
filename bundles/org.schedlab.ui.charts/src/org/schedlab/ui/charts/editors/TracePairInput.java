/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.editors;

import java.util.List;
import java.util.Objects;

import org.eclipse.core.resources.IFile;
import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IPersistableElement;

/** Two trace files to show stacked on one time axis: {@code upper} (the recording) over {@code lower}. */
public final class TracePairInput implements IEditorInput {

    private final IFile upper;
    private final IFile lower;

    public TracePairInput(IFile upper, IFile lower) {
        this.upper = Objects.requireNonNull(upper);
        this.lower = Objects.requireNonNull(lower);
    }

    /** @return the files, upper first */
    public List<IFile> files() {
        return List.of(upper, lower);
    }

    @Override
    public boolean exists() {
        return upper.exists() && lower.exists();
    }

    @Override
    public ImageDescriptor getImageDescriptor() {
        return ImageDescriptor.getMissingImageDescriptor();
    }

    @Override
    public String getName() {
        return upper.getName() + " | " + lower.getName();
    }

    @Override
    public IPersistableElement getPersistable() {
        return null;
    }

    @Override
    public String getToolTipText() {
        return upper.getFullPath() + " over " + lower.getFullPath();
    }

    @Override
    public <T> T getAdapter(Class<T> adapter) {
        return null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TracePairInput p && p.upper.equals(upper) && p.lower.equals(lower);
    }

    @Override
    public int hashCode() {
        return Objects.hash(upper, lower);
    }
}
