/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.validation;

import java.util.HashSet;
import java.util.Iterator;
import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.validation.Check;
import org.schedlab.dsl.sched.Element;
import org.schedlab.dsl.sched.Experiment;
import org.schedlab.dsl.sched.Model;
import org.schedlab.dsl.sched.Param;
import org.schedlab.dsl.sched.ProgramDecl;
import org.schedlab.dsl.sched.Resource;
import org.schedlab.dsl.sched.SchedPackage;
import org.schedlab.dsl.sched.Workload;

/**
 * Unused declarations, as warnings: parameters, resources and programs a workload never uses, and, in a file that runs
 * experiments, machines, kernels, variants and workloads nothing in the file uses.
 */
public class UsageValidator extends ValidatorSupport {

    @Check
    public void checkUnusedTopLevel(Model m) {
        if (EcoreUtil2.typeSelect(m.getElements(), Experiment.class).isEmpty()) {
            return; // a library file: its declarations are for other files
        }
        Set<EObject> used = referenced(m);
        for (Element e : m.getElements()) {
            if (!(e instanceof Experiment) && !used.contains(e)) {
                warning(e.eClass().getName().toLowerCase(java.util.Locale.ROOT) + " " + e.getName()
                        + " is never used", e, SchedPackage.Literals.ELEMENT__NAME, SchedIssueCodes.UNUSED_DECLARATION);
            }
        }
    }

    @Check
    public void checkUnusedInWorkload(Workload w) {
        Set<EObject> used = referenced(w);
        for (Param p : w.getParams()) {
            if (!used.contains(p)) {
                warning("parameter " + p.getName() + " is never used", p, SchedPackage.Literals.VARIABLE__NAME,
                        SchedIssueCodes.UNUSED_DECLARATION);
            }
        }
        for (Resource r : EcoreUtil2.typeSelect(w.getMembers(), Resource.class)) {
            if (!used.contains(r)) {
                warning(r.getName() + " is declared but never used", r, SchedPackage.Literals.WORKLOAD_MEMBER__NAME,
                        SchedIssueCodes.UNUSED_DECLARATION);
            }
        }
        for (ProgramDecl p : EcoreUtil2.typeSelect(w.getMembers(), ProgramDecl.class)) {
            if (!used.contains(p)) {
                warning("program " + p.getName() + " is never forked or exec'd", p,
                        SchedPackage.Literals.WORKLOAD_MEMBER__NAME, SchedIssueCodes.UNUSED_DECLARATION);
            }
        }
    }

    /** @return every element cross-referenced from inside {@code root} (resolving references) */
    private static Set<EObject> referenced(EObject root) {
        Set<EObject> used = new HashSet<>();
        for (Iterator<EObject> it = root.eAllContents(); it.hasNext();) {
            EObject o = it.next();
            for (EReference ref : o.eClass().getEAllReferences()) {
                if (ref.isContainment() || ref.isContainer()) {
                    continue;
                }
                Object v = o.eGet(ref, true);
                if (v instanceof EObject x) {
                    used.add(x);
                } else if (v instanceof java.util.Collection<?> c) {
                    for (Object x : c) {
                        if (x instanceof EObject eo) {
                            used.add(eo);
                        }
                    }
                }
            }
        }
        return used;
    }
}
