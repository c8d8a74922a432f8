/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.ui.jface;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.resource.IResourceFactory;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.service.OperationCanceledError;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.eclipse.xtext.validation.Issue;

import com.google.inject.Injector;

/**
 * One Xtext language as the JFace editor sees it: the injector of its runtime and IDE services, a hook that prepares
 * each resource set, the marker type for its problems and the colours of its semantic highlighting styles. Parsing is
 * stateless: every call builds a fresh resource set from the document text, so callers on any thread can use it.
 *
 * @param injector       runtime + IDE module of the language
 * @param setup          called on every new resource set (attach adapters, register libraries); may do nothing
 * @param markerType     the problem marker type the editor writes (a subtype of problemmarker and textmarker)
 * @param semanticStyles highlighting style id (from the language's semantic highlighting calculator) to style
 */
public record XtextLanguage(Injector injector, Consumer<ResourceSet> setup, String markerType,
        Map<String, Style> semanticStyles) {

    /** A text style: a foreground colour, optionally bold or italic. */
    public record Style(RGB color, boolean bold, boolean italic) {

        /** @return a plain style in {@code color} */
        public static Style of(int r, int g, int b) {
            return new Style(new RGB(r, g, b), false, false);
        }
    }

    public XtextLanguage {
        semanticStyles = Map.copyOf(semanticStyles);
    }

    /** @return the language's instance of {@code type} */
    public <T> T get(Class<T> type) {
        return injector.getInstance(type);
    }

    /** Parses {@code text} as the resource at {@code uri} and resolves its cross-references. */
    public XtextResource parse(URI uri, String text) {
        XtextResourceSet set = injector.getInstance(XtextResourceSet.class);
        setup.accept(set);
        XtextResource resource = (XtextResource) injector.getInstance(IResourceFactory.class).createResource(uri);
        set.getResources().add(resource);
        try {
            resource.load(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
                    Map.of(XtextResource.OPTION_ENCODING, "UTF-8"));
        } catch (IOException e) {
            throw new IllegalStateException("cannot parse an in-memory document", e);
        }
        EcoreUtil2.resolveLazyCrossReferences(resource, CancelIndicator.NullImpl);
        return resource;
    }

    /** @return the resource's syntax, linking and validation issues; empty when cancelled */
    public List<Issue> validate(XtextResource resource, CancelIndicator cancel) {
        try {
            return injector.getInstance(IResourceValidator.class).validate(resource, CheckMode.ALL, cancel);
        } catch (OperationCanceledError e) {
            return List.of();
        }
    }
}
