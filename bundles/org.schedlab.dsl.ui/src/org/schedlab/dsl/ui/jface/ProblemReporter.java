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
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspace;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.ILog;
import org.eclipse.jface.text.Position;
import org.eclipse.jface.text.source.Annotation;
import org.eclipse.jface.text.source.IAnnotationModel;
import org.eclipse.jface.text.source.IAnnotationModelExtension;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;

/**
 * Shows validation issues: as problem markers on a workspace file (the editor ruler and the Problems view pick them
 * up), or as plain annotations in the editor's annotation model for a file outside the workspace.
 */
final class ProblemReporter {

    private static final String ERROR = "org.eclipse.ui.workbench.texteditor.error";
    private static final String WARNING = "org.eclipse.ui.workbench.texteditor.warning";
    private static final String INFO = "org.eclipse.ui.workbench.texteditor.info";

    private final String markerType;
    private List<Annotation> shown = List.of();

    ProblemReporter(String markerType) {
        this.markerType = markerType;
    }

    /** Replaces the problems of {@code file} (when not null) or of {@code model} with {@code issues}. */
    void report(IFile file, IAnnotationModel model, List<Issue> issues) {
        if (file != null && file.exists()) {
            IWorkspace workspace = ResourcesPlugin.getWorkspace();
            try {
                workspace.run(monitor -> replaceMarkers(file, issues), file, IWorkspace.AVOID_UPDATE, null);
            } catch (CoreException e) {
                ILog.of(ProblemReporter.class).log(e.getStatus());
            }
        } else if (model instanceof IAnnotationModelExtension extension) {
            Map<Annotation, Position> added = new HashMap<>();
            for (Issue issue : issues) {
                Annotation a = new Annotation(type(issue.getSeverity()), false, issue.getMessage());
                added.put(a, new Position(offset(issue), Math.max(1, length(issue))));
            }
            synchronized (this) {
                extension.replaceAnnotations(shown.toArray(Annotation[]::new), added);
                shown = new ArrayList<>(added.keySet());
            }
        }
    }

    private void replaceMarkers(IFile file, List<Issue> issues) throws CoreException {
        file.deleteMarkers(markerType, true, IResource.DEPTH_ZERO);
        for (Issue issue : issues) {
            IMarker m = file.createMarker(markerType);
            Map<String, Object> attributes = new HashMap<>();
            attributes.put(IMarker.MESSAGE, issue.getMessage());
            attributes.put(IMarker.SEVERITY, severity(issue.getSeverity()));
            attributes.put(IMarker.CHAR_START, offset(issue));
            attributes.put(IMarker.CHAR_END, offset(issue) + Math.max(1, length(issue)));
            if (issue.getLineNumber() != null) {
                attributes.put(IMarker.LINE_NUMBER, issue.getLineNumber());
            }
            if (issue.getCode() != null) {
                attributes.put("code", issue.getCode());
            }
            m.setAttributes(attributes);
        }
    }

    private static int offset(Issue issue) {
        return issue.getOffset() == null ? 0 : issue.getOffset();
    }

    private static int length(Issue issue) {
        return issue.getLength() == null ? 0 : issue.getLength();
    }

    private static int severity(Severity s) {
        return s == Severity.ERROR ? IMarker.SEVERITY_ERROR
                : s == Severity.WARNING ? IMarker.SEVERITY_WARNING : IMarker.SEVERITY_INFO;
    }

    private static String type(Severity s) {
        return s == Severity.ERROR ? ERROR : s == Severity.WARNING ? WARNING : INFO;
    }
}
