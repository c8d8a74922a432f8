/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.ui.jface;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.validation.Issue;

/**
 * After an editor with unsaved changes is closed, its file's markers still describe the text that was thrown away:
 * this job validates the file as saved and puts its markers back to what the saved text has.
 */
final class SavedFileCheck extends Job {

    private final XtextLanguage language;
    private final URI uri;
    private final IFile file;

    private SavedFileCheck(XtextLanguage language, URI uri, IFile file) {
        super("Checking " + file.getName() + " as saved");
        this.language = language;
        this.uri = uri;
        this.file = file;
        setSystem(true);
    }

    /** Validates {@code file} as saved, in a job, and replaces its markers. */
    static void schedule(XtextLanguage language, URI uri, IFile file) {
        new SavedFileCheck(language, uri, file).schedule();
    }

    @Override
    protected IStatus run(IProgressMonitor monitor) {
        if (!file.exists()) {
            return Status.OK_STATUS;
        }
        try (InputStream in = file.getContents(true)) {
            String text = new String(in.readAllBytes(), file.getCharset());
            XtextResource resource = language.parse(uri, text);
            List<Issue> issues = language.validate(resource, monitor::isCanceled);
            if (!monitor.isCanceled()) {
                new ProblemReporter(language.markerType()).report(file, null, issues);
            }
        } catch (CoreException | IOException e) {
            ILog.of(SavedFileCheck.class).log(new Status(IStatus.WARNING, "org.schedlab.dsl.ui",
                    "cannot check " + file.getFullPath() + " as saved", e));
        }
        return Status.OK_STATUS;
    }
}
