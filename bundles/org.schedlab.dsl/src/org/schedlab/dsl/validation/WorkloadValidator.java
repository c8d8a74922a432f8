/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.validation;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.validation.Check;
import org.schedlab.dsl.eval.Env;
import org.schedlab.dsl.sched.AllIndex;
import org.schedlab.dsl.sched.BarrierDecl;
import org.schedlab.dsl.sched.BarrierWait;
import org.schedlab.dsl.sched.Broadcast;
import org.schedlab.dsl.sched.Channel;
import org.schedlab.dsl.sched.CondDecl;
import org.schedlab.dsl.sched.CondWait;
import org.schedlab.dsl.sched.Element;
import org.schedlab.dsl.sched.Lock;
import org.schedlab.dsl.sched.Model;
import org.schedlab.dsl.sched.MutexDecl;
import org.schedlab.dsl.sched.PolicyOption;
import org.schedlab.dsl.sched.ProgramDecl;
import org.schedlab.dsl.sched.Recv;
import org.schedlab.dsl.sched.Resource;
import org.schedlab.dsl.sched.ResourceRef;
import org.schedlab.dsl.sched.SchedPackage;
import org.schedlab.dsl.sched.Send;
import org.schedlab.dsl.sched.Signal;
import org.schedlab.dsl.sched.SpinLockDecl;
import org.schedlab.dsl.sched.ThreadGroup;
import org.schedlab.dsl.sched.Unlock;
import org.schedlab.dsl.sched.Workload;
import org.schedlab.dsl.translate.TranslationException;
import org.schedlab.dsl.translate.WorkloadBuilder;

/** Workloads: what each action may act on, indices, policies, unique names, and that the workload builds. */
public class WorkloadValidator extends ValidatorSupport {

    @Check
    public void checkResourceRef(ResourceRef ref) {
        Resource r = ref.getResource();
        if (r == null || r.eIsProxy()) {
            return;
        }
        EObject action = ref.eContainer();
        String want = wanted(action, ref);
        if (want != null) {
            error(verb(action) + " needs " + want + "; " + r.getName() + " is " + kind(r), ref,
                    SchedPackage.Literals.RESOURCE_REF__RESOURCE, SchedIssueCodes.RESOURCE_KIND);
            return;
        }
        if (ref.getIndices().size() != r.getDims().size()) {
            int n = r.getDims().size();
            error(r.getName() + " has " + n + " dimension" + (n == 1 ? "" : "s") + ": write " + r.getName()
                    + (n == 0 ? "" : "[" + "i, ".repeat(n - 1) + "i]") + ", not " + ref.getIndices().size()
                    + " index" + (ref.getIndices().size() == 1 ? "" : "es"), ref,
                    SchedPackage.Literals.RESOURCE_REF__RESOURCE, SchedIssueCodes.INDEX_COUNT);
        }
        if (!(action instanceof Broadcast)) {
            for (int i = 0; i < ref.getIndices().size(); i++) {
                if (ref.getIndices().get(i) instanceof AllIndex) {
                    error("`*` selects every element; only broadcast sends to several", ref,
                            SchedPackage.Literals.RESOURCE_REF__INDICES, i,
                            SchedIssueCodes.WILDCARD_OUTSIDE_BROADCAST);
                }
            }
        }
    }

    /** @return what {@code action} needs when {@code ref}'s resource is the wrong kind, else null */
    private static String wanted(EObject action, ResourceRef ref) {
        Resource r = ref.getResource();
        if (action instanceof Send || action instanceof Recv) {
            return r instanceof Channel ? null : "a channel";
        }
        if (action instanceof Lock || action instanceof Unlock) {
            return r instanceof SpinLockDecl || r instanceof MutexDecl ? null : "a spinlock or a mutex";
        }
        if (action instanceof CondWait w) {
            return ref == w.getMutex() ? (r instanceof MutexDecl ? null : "a mutex after `with`")
                    : (r instanceof CondDecl ? null : "a cond");
        }
        if (action instanceof Signal) {
            return r instanceof CondDecl ? null : "a cond";
        }
        if (action instanceof Broadcast b) {
            if (r instanceof CondDecl) {
                return b.getExcept() == null && ref == b.getTarget() ? null : "channels (except takes channels)";
            }
            return r instanceof Channel ? null : "channels or a cond";
        }
        if (action instanceof BarrierWait) {
            return r instanceof BarrierDecl ? null : "a barrier";
        }
        return null;
    }

    private static String verb(EObject action) {
        String n = action.eClass().getName();
        return switch (n) {
            case "CondWait" -> "wait";
            case "BarrierWait" -> "barrier";
            default -> n.toLowerCase(java.util.Locale.ROOT);
        };
    }

    private static String kind(Resource r) {
        return r instanceof Channel ? "a channel" : r instanceof SpinLockDecl ? "a spinlock"
                : r instanceof MutexDecl ? "a mutex" : r instanceof CondDecl ? "a cond" : "a barrier";
    }

    @Check
    public void checkSpinOptions(Lock l) {
        if (l.getTarget() != null && l.getTarget().getResource() instanceof MutexDecl
                && (l.getSpins() != null || l.getYields() != null || l.isYieldsForever())) {
            error("a mutex blocks in the kernel; spins and yields apply to a spinlock", l,
                    l.getSpins() != null ? SchedPackage.Literals.LOCK__SPINS : SchedPackage.Literals.LOCK__YIELDS,
                    SchedIssueCodes.RESOURCE_KIND);
        }
    }

    @Check
    public void checkPolicy(PolicyOption p) {
        try {
            if (WorkloadBuilder.policy(p).isRealTime() == false && p.getPriority() != null) {
                error("a priority applies to the real-time policies fifo and rr; use nice for " + p.getPolicy(), p,
                        SchedPackage.Literals.POLICY_OPTION__PRIORITY, SchedIssueCodes.OUT_OF_RANGE);
            }
        } catch (TranslationException ex) {
            report(ex, p, SchedPackage.Literals.POLICY_OPTION__POLICY, "");
        }
    }

    @Check
    public void checkUniqueTopLevelNames(Model m) {
        unique(m.getElements());
    }

    @Check
    public void checkUniqueWorkloadNames(Workload w) {
        unique(w.getParams());
        unique(EcoreUtil2.typeSelect(w.getMembers(), Resource.class));
        unique(EcoreUtil2.typeSelect(w.getMembers(), ProgramDecl.class));
        unique(EcoreUtil2.typeSelect(w.getMembers(), ThreadGroup.class));
    }

    private void unique(List<? extends EObject> elements) {
        Map<String, EObject> seen = new HashMap<>();
        for (EObject e : elements) {
            org.eclipse.emf.ecore.EStructuralFeature f = e.eClass().getEStructuralFeature("name");
            Object name = f == null ? null : e.eGet(f);
            if (name == null) {
                continue;
            }
            String key = e.eClass().getName() + " " + name;
            if (e instanceof Element || e instanceof Resource) {
                key = (e instanceof Resource ? "Resource" : e.eClass().getName()) + " " + name;
            }
            if (seen.putIfAbsent(key, e) != null) {
                error("a second " + describe(e) + " named " + name + "; names must be unique", e, f,
                        SchedIssueCodes.DUPLICATE_NAME);
            }
        }
    }

    private static String describe(EObject e) {
        return e instanceof Resource ? "channel, lock, cond or barrier" : e.eClass().getName().toLowerCase(
                java.util.Locale.ROOT).replace("decl", "");
    }

    /** Builds the workload with its parameters' defaults: indices out of range, recursive programs, sizes. */
    @Check
    public void checkWorkloadBuilds(Workload w) {
        if (!clean(w)) {
            return;
        }
        try {
            WorkloadBuilder.build(w, Env.defaults(), w.getName());
        } catch (TranslationException ex) {
            if (!reportedStatically(ex)) { // these are reported by their own static rules
                report(ex, w, SchedPackage.Literals.ELEMENT__NAME, "");
            }
        } catch (RuntimeException ex) {
            error("workload " + w.getName() + " cannot be built: " + ex.getMessage(), w,
                    SchedPackage.Literals.ELEMENT__NAME, SchedIssueCodes.INVALID_WORKLOAD);
        }
    }
}
