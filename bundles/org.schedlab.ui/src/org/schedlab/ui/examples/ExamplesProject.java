/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.examples;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

/**
 * The workspace project "SchedLab Examples": the experiments of the checkout's {@code examples/} directory (hello,
 * the five seed experiments, the group and container examples, and {@code calibration/}), which the build copies into
 * this bundle under {@code examples/} (bundles/org.schedlab.ui/pom.xml; the checkout's files stay the only source).
 * The files keep their layout, so each one is ready for Run As &gt; SchedLab Experiment.
 */
public final class ExamplesProject {

    /** The project's name. */
    public static final String NAME = "SchedLab Examples";

    /** The example the first-start page runs: seed 004, the ia64 idle-loop bug of 2.6.15-rc1. */
    public static final String SEED_004 = "seed004_ia64_idle.sched";

    /** The file the wizard opens: the smallest experiment. */
    public static final String HELLO = "hello.sched";

    private static final String ROOT = "examples";

    private ExamplesProject() {
    }

    /** @return the project (it may not exist yet) */
    public static IProject project() {
        return ResourcesPlugin.getWorkspace().getRoot().getProject(NAME);
    }

    /** @return the bundled example files, as paths relative to the project ({@code calibration/cal000_lat_proc.sched}) */
    public static List<String> files() {
        Bundle bundle = FrameworkUtil.getBundle(ExamplesProject.class);
        List<String> names = new ArrayList<>();
        var entries = bundle == null ? null : bundle.findEntries(ROOT, "*.sched", true);
        if (entries != null) {
            for (URL url : Collections.list(entries)) {
                String path = url.getPath();
                int at = path.indexOf("/" + ROOT + "/");
                if (at >= 0) {
                    names.add(path.substring(at + ROOT.length() + 2));
                }
            }
        }
        Collections.sort(names);
        return names;
    }

    /**
     * Creates the project (or opens it) and copies every example file into it that it does not have yet; a file the
     * user has changed is kept as it is.
     *
     * @return the files the project has now, in the order of {@link #files()}
     * @throws CoreException when the examples are missing from the installation or the workspace refuses a file
     */
    public static List<IFile> create(IProgressMonitor monitor) throws CoreException {
        List<String> names = files();
        if (names.isEmpty()) {
            throw new CoreException(Status.error("The SchedLab examples are missing from this installation "
                    + "(bundle org.schedlab.ui has no examples/ folder); rebuild it with ./mvnw -B verify -DskipTests"));
        }
        SubMonitor sub = SubMonitor.convert(monitor, "Creating project " + NAME, names.size() + 2);
        IProject project = project();
        if (!project.exists()) {
            project.create(sub.split(1));
        } else {
            sub.worked(1);
        }
        if (!project.isOpen()) {
            project.open(sub.split(1));
        } else {
            sub.worked(1);
        }
        Bundle bundle = FrameworkUtil.getBundle(ExamplesProject.class);
        List<IFile> files = new ArrayList<>();
        for (String name : names) {
            IFile file = project.getFile(IPath.fromPortableString(name));
            if (!file.exists()) {
                createParents(file.getParent(), sub.split(0));
                URL entry = bundle.getEntry(ROOT + "/" + name);
                try (InputStream in = entry.openStream()) {
                    file.create(in, true, sub.split(1));
                } catch (IOException e) {
                    throw new CoreException(Status.error("Cannot copy the example " + name + ": " + e.getMessage(), e));
                }
            } else {
                sub.worked(1);
            }
            files.add(file);
        }
        return files;
    }

    private static void createParents(IContainer container, IProgressMonitor monitor) throws CoreException {
        if (container instanceof IFolder folder && !folder.exists()) {
            createParents(folder.getParent(), monitor);
            folder.create(true, true, monitor);
        }
    }
}
