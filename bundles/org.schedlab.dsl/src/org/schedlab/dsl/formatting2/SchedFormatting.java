/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.formatting2;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.formatting2.FormatterRequest;
import org.eclipse.xtext.formatting2.IFormatter2;
import org.eclipse.xtext.formatting2.regionaccess.ITextRegionAccess;
import org.eclipse.xtext.formatting2.regionaccess.ITextReplacement;
import org.eclipse.xtext.formatting2.regionaccess.TextRegionAccessBuilder;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.schedlab.dsl.SchedLoader;

import com.google.inject.Injector;

/** Formats .sched text with {@link SchedFormatter} outside an editor (the rt-app importer, tests, tools). */
public final class SchedFormatting {

    private SchedFormatting() {
    }

    /**
     * @return {@code text} in the canonical layout
     * @throws IllegalArgumentException if the text has syntax errors (a formatter needs a parse tree)
     */
    public static String format(String text) {
        Injector in = SchedLoader.languageInjector();
        XtextResourceSet set = in.getInstance(XtextResourceSet.class);
        XtextResource r = (XtextResource) set.createResource(URI.createURI("inmemory:/format.sched"));
        try {
            r.load(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), null);
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
        if (r.getParseResult().hasSyntaxErrors()) {
            throw new IllegalArgumentException("cannot format text with syntax errors: " + r.getErrors());
        }
        ITextRegionAccess access = in.getInstance(TextRegionAccessBuilder.class).forNodeModel(r).create();
        FormatterRequest request = in.getInstance(FormatterRequest.class);
        request.setTextRegionAccess(access);
        request.setAllowIdentityEdits(false);
        List<ITextReplacement> edits = in.getInstance(IFormatter2.class).format(request);
        return access.getRewriter().renderToString(edits);
    }
}
