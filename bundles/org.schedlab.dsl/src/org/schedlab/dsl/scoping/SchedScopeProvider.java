/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.scoping;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.scoping.IScope;
import org.eclipse.xtext.scoping.Scopes;
import org.schedlab.dsl.sched.Arg;
import org.schedlab.dsl.sched.CGroupDecl;
import org.schedlab.dsl.sched.Experiment;
import org.schedlab.dsl.sched.ProgramDecl;
import org.schedlab.dsl.sched.Resource;
import org.schedlab.dsl.sched.SchedPackage;
import org.schedlab.dsl.sched.SweepOption;
import org.schedlab.dsl.sched.ThreadGroup;
import org.schedlab.dsl.sched.Variable;
import org.schedlab.dsl.sched.Workload;

/**
 * Names inside a workload are local to it: parameters and thread-group indices ({@code rooms}, {@code r}), resources
 * (channels, locks, barriers) and programs. An experiment's arguments and sweeps name the parameters of its workload.
 * Machines, kernels, variants and workloads are global, seen through imports (see {@link SchedGlobalScopeProvider}).
 */
public class SchedScopeProvider extends AbstractSchedScopeProvider {

    @Override
    public IScope getScope(EObject context, EReference reference) {
        SchedPackage p = SchedPackage.eINSTANCE;
        if (reference == p.getVarRef_Variable()) {
            return Scopes.scopeFor(variablesVisibleFrom(context));
        }
        if (reference == p.getResourceRef_Resource()) {
            Workload w = EcoreUtil2.getContainerOfType(context, Workload.class);
            return w == null ? IScope.NULLSCOPE : Scopes.scopeFor(EcoreUtil2.typeSelect(w.getMembers(), Resource.class));
        }
        if (reference == p.getCGroupOption_Cgroup() || reference == p.getCGroupDecl_Parent()) {
            Workload w = EcoreUtil2.getContainerOfType(context, Workload.class);
            return w == null ? IScope.NULLSCOPE
                    : Scopes.scopeFor(EcoreUtil2.typeSelect(w.getMembers(), CGroupDecl.class));
        }
        if (reference == p.getYield_Target()) {
            Workload w = EcoreUtil2.getContainerOfType(context, Workload.class);
            return w == null ? IScope.NULLSCOPE
                    : Scopes.scopeFor(EcoreUtil2.typeSelect(w.getMembers(), ThreadGroup.class));
        }
        if (reference == p.getFork_Program() || reference == p.getExec_Program()) {
            Workload w = EcoreUtil2.getContainerOfType(context, Workload.class);
            return w == null ? IScope.NULLSCOPE
                    : Scopes.scopeFor(EcoreUtil2.typeSelect(w.getMembers(), ProgramDecl.class));
        }
        if (reference == p.getArg_Param() || reference == p.getSweepOption_Param()
                || reference == p.getSampleTarget_Param()) {
            Experiment e = EcoreUtil2.getContainerOfType(context, Experiment.class);
            Workload w = e == null ? null : e.getWorkload();
            return w == null || w.eIsProxy() ? IScope.NULLSCOPE : Scopes.scopeFor(w.getParams());
        }
        return super.getScope(context, reference);
    }

    /** Indices of the enclosing thread group shadow the workload's parameters. */
    private static List<Variable> variablesVisibleFrom(EObject context) {
        List<Variable> vars = new ArrayList<>();
        ThreadGroup g = EcoreUtil2.getContainerOfType(context, ThreadGroup.class);
        if (g != null) {
            vars.addAll(g.getIndices());
        }
        Workload w = EcoreUtil2.getContainerOfType(context, Workload.class);
        if (w != null) {
            vars.addAll(w.getParams());
        }
        // Arg is inside an Experiment: no variables there, literal values only
        return EcoreUtil2.getContainerOfType(context, Arg.class) != null ? List.of() : vars;
    }
}
