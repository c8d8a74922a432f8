/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.formatting2;

import java.util.Iterator;
import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.formatting2.AbstractJavaFormatter;
import org.eclipse.xtext.formatting2.IFormattableDocument;
import org.eclipse.xtext.formatting2.regionaccess.ISemanticRegion;
import org.schedlab.dsl.sched.Action;
import org.schedlab.dsl.sched.Element;
import org.schedlab.dsl.sched.ExperimentOption;
import org.schedlab.dsl.sched.Experiment;
import org.schedlab.dsl.sched.Import;
import org.schedlab.dsl.sched.Kernel;
import org.schedlab.dsl.sched.MachineSetting;
import org.schedlab.dsl.sched.Model;
import org.schedlab.dsl.sched.Negation;
import org.schedlab.dsl.sched.PublishedValue;
import org.schedlab.dsl.sched.Tunable;
import org.schedlab.dsl.sched.WorkloadMember;

/**
 * The canonical layout of a .sched file: one blank line between top-level declarations, every block's contents on
 * their own lines indented by one tab, single spaces between tokens, none inside brackets and before commas.
 */
public class SchedFormatter extends AbstractJavaFormatter {

    protected void format(Model model, IFormattableDocument doc) {
        // every token: one space after it, unless a rule below says otherwise
        for (ISemanticRegion r : textRegionExtensions.allSemanticRegions(model)) {
            doc.append(r, f -> {
                f.oneSpace();
                f.lowPriority();
            });
        }
        for (int i = 0; i < model.getImports().size(); i++) {
            Import imp = model.getImports().get(i);
            if (i > 0) {
                doc.prepend(imp, f -> f.setNewLines(1));
            }
        }
        List<Element> elements = model.getElements();
        for (int i = 0; i < elements.size(); i++) {
            Element e = elements.get(i);
            if (i > 0 || !model.getImports().isEmpty()) {
                doc.prepend(e, f -> f.setNewLines(2));
            }
        }
        for (Iterator<EObject> it = model.eAllContents(); it.hasNext();) {
            EObject o = it.next();
            block(o, doc);
            punctuation(o, doc);
            if (isLine(o)) {
                doc.prepend(o, f -> f.setNewLines(1));
            }
            if (o instanceof Kernel k) {
                doc.prepend(regionFor(k).keyword("engine"), f -> f.setNewLines(1));
                doc.prepend(regionFor(k).keyword("version"), f -> f.setNewLines(1));
            }
            if (o instanceof Experiment x) {
                doc.prepend(regionFor(x).keyword("workload"), f -> f.setNewLines(1));
            }
            if (o instanceof Negation n) {
                doc.append(regionFor(n).keyword("-"), f -> f.noSpace());
            }
        }
        doc.append(lastRegion(model), f -> f.setNewLines(1));
    }

    private ISemanticRegion lastRegion(Model model) {
        ISemanticRegion last = null;
        for (ISemanticRegion r : textRegionExtensions.allSemanticRegions(model)) {
            last = r;
        }
        return last;
    }

    /** Settings, members, actions, options, tunables and published values each sit on their own line. */
    private static boolean isLine(EObject o) {
        return o instanceof MachineSetting || o instanceof WorkloadMember || o instanceof Action
                || o instanceof ExperimentOption || o instanceof Tunable || o instanceof PublishedValue;
    }

    private void block(EObject o, IFormattableDocument doc) {
        ISemanticRegion open = regionFor(o).keyword("{");
        ISemanticRegion close = regionFor(o).keyword("}");
        if (open != null && close != null) {
            doc.interior(open, close, f -> f.indent());
            doc.prepend(close, f -> f.setNewLines(1));
            doc.prepend(open, f -> f.oneSpace());
        }
    }

    private void punctuation(EObject o, IFormattableDocument doc) {
        for (ISemanticRegion r : regionFor(o).keywords(",")) {
            doc.prepend(r, f -> f.noSpace());
        }
        for (ISemanticRegion r : regionFor(o).keywords("(", "[")) {
            doc.prepend(r, f -> f.noSpace());
            doc.append(r, f -> f.noSpace());
        }
        for (ISemanticRegion r : regionFor(o).keywords(")", "]")) {
            doc.prepend(r, f -> f.noSpace());
        }
        for (ISemanticRegion r : regionFor(o).keywords(":", "..")) {
            doc.prepend(r, f -> f.noSpace());
        }
        for (ISemanticRegion r : regionFor(o).keywords("..")) {
            doc.append(r, f -> f.noSpace());
        }
    }
}
