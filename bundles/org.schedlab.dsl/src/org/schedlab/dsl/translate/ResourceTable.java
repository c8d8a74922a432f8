/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.translate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.schedlab.dsl.eval.Dim;
import org.schedlab.dsl.eval.Env;
import org.schedlab.dsl.eval.EvalException;
import org.schedlab.dsl.eval.Evaluator;
import org.schedlab.dsl.eval.Quantity;
import org.schedlab.dsl.sched.AllIndex;
import org.schedlab.dsl.sched.BarrierDecl;
import org.schedlab.dsl.sched.Channel;
import org.schedlab.dsl.sched.CondDecl;
import org.schedlab.dsl.sched.Expr;
import org.schedlab.dsl.sched.ExprIndex;
import org.schedlab.dsl.sched.Index;
import org.schedlab.dsl.sched.MutexDecl;
import org.schedlab.dsl.sched.Resource;
import org.schedlab.dsl.sched.ResourceRef;
import org.schedlab.dsl.sched.SchedPackage;
import org.schedlab.dsl.sched.SpinLockDecl;
import org.schedlab.dsl.sched.Workload;
import org.schedlab.dsl.validation.SchedIssueCodes;
import org.schedlab.sim.workload.BarrierPoint;
import org.schedlab.sim.workload.Cond;
import org.schedlab.sim.workload.Mutex;
import org.schedlab.sim.workload.UserLock;

/**
 * The simulation objects of a workload's resources: a declaration with dimensions ({@code channel up[rooms, users]})
 * becomes one object per index tuple, named {@code up[3,7]}, stored row-major.
 */
final class ResourceTable {

    /** A resource's objects and its dimensions. */
    private record Entry(int[] dims, Object[] objects) {
    }

    private final Map<Resource, Entry> entries = new HashMap<>();

    ResourceTable(Workload w, Env env) throws TranslationException {
        for (Resource r : org.eclipse.xtext.EcoreUtil2.typeSelect(w.getMembers(), Resource.class)) {
            int[] dims = new int[r.getDims().size()];
            int n = 1;
            for (int i = 0; i < dims.length; i++) {
                dims[i] = (int) count(r.getDims().get(i), env, 1, 100_000, "a dimension of " + r.getName());
                n = Math.multiplyExact(n, dims[i]);
            }
            if (n > 1_000_000) {
                throw new TranslationException(r.getName() + " would have " + n + " elements; at most 1,000,000",
                        r);
            }
            Object[] objects = new Object[n];
            for (int k = 0; k < n; k++) {
                objects[k] = create(r, name(r, dims, k), env);
            }
            entries.put(r, new Entry(dims, objects));
        }
    }

    private static String name(Resource r, int[] dims, int k) {
        if (dims.length == 0) {
            return r.getName();
        }
        int[] idx = new int[dims.length];
        for (int i = dims.length - 1; i >= 0; i--) {
            idx[i] = k % dims[i];
            k /= dims[i];
        }
        StringBuilder sb = new StringBuilder(r.getName()).append('[');
        for (int i = 0; i < idx.length; i++) {
            sb.append(i == 0 ? "" : ",").append(idx[i]);
        }
        return sb.append(']').toString();
    }

    private static Object create(Resource r, String name, Env env) throws TranslationException {
        if (r instanceof Channel c) {
            int messageBytes = c.getMessage() == null ? 0 : (int) Math.min(1 << 24, Math.round(quantity(c.getMessage(),
                    env, Dim.SIZE, "message").value()));
            if (c.isUnix()) {
                return org.schedlab.sim.workload.Channel.unixSocket(name, capacity(c, env), c.isSync(), messageBytes);
            }
            if (c.isPacket() || "pipe".equals(c.getKind())) {
                return org.schedlab.sim.workload.Channel.pipe(name, capacity(c, env), c.isSync(), c.isPacket(),
                        messageBytes);
            }
            if ("flag".equals(c.getKind())) {
                return new org.schedlab.sim.workload.Channel(name, 1, c.isSync(),
                        org.schedlab.sim.workload.Channel.Kind.FLAG);
            }
            return new org.schedlab.sim.workload.Channel(name, capacity(c, env), c.isSync(),
                    org.schedlab.sim.workload.Channel.Kind.of(c.getKind()));
        }
        if (r instanceof SpinLockDecl) {
            return new UserLock(name);
        }
        if (r instanceof MutexDecl) {
            return new Mutex(name);
        }
        if (r instanceof CondDecl) {
            return new Cond(name);
        }
        BarrierDecl b = (BarrierDecl) r;
        return new BarrierPoint(name, (int) count(b.getParties(), env, 1, 10_000_000, "parties"),
                b.isStartsMeasurement());
    }

    /** Capacity in messages: {@code capacity N}, or {@code buffer B message M} = B / M (at least 1); default 16. */
    static int capacity(Channel c, Env env) throws TranslationException {
        if (c.getCapacity() != null) {
            return (int) count(c.getCapacity(), env, 1, 1_000_000, "capacity");
        }
        if (c.getBuffer() != null) {
            Quantity buffer = quantity(c.getBuffer(), env, Dim.SIZE, "buffer");
            Quantity message = quantity(c.getMessage(), env, Dim.SIZE, "message");
            if (message.value() <= 0 || buffer.value() < message.value()) {
                throw new TranslationException("the buffer (" + buffer.text() + ") must hold at least one message ("
                        + message.text() + ")", c, SchedPackage.Literals.CHANNEL__BUFFER);
            }
            return (int) Math.min(1_000_000, Math.floor(buffer.value() / message.value()));
        }
        return 16;
    }

    /** @return the objects {@code ref} denotes: one, or several where an index is {@code *} */
    List<Object> resolve(ResourceRef ref, Env env) throws TranslationException {
        Entry e = entries.get(ref.getResource());
        if (e == null) {
            throw new TranslationException("unknown resource", ref, SchedPackage.Literals.RESOURCE_REF__RESOURCE);
        }
        String name = ref.getResource().getName();
        if (ref.getIndices().size() != e.dims.length) {
            throw new TranslationException(name + " has " + e.dims.length + " dimension" + (e.dims.length == 1 ? "" : "s")
                    + "; give " + e.dims.length + " index" + (e.dims.length == 1 ? "" : "es") + ", not "
                    + ref.getIndices().size(), ref, SchedPackage.Literals.RESOURCE_REF__RESOURCE);
        }
        List<Integer> flat = new ArrayList<>(List.of(0));
        for (int i = 0; i < e.dims.length; i++) {
            Index ix = ref.getIndices().get(i);
            List<Integer> next = new ArrayList<>();
            for (int base : flat) {
                if (ix instanceof AllIndex) {
                    for (int v = 0; v < e.dims[i]; v++) {
                        next.add(base * e.dims[i] + v);
                    }
                } else {
                    Expr x = ((ExprIndex) ix).getValue();
                    long v = count(x, env, Long.MIN_VALUE, Long.MAX_VALUE, "an index");
                    if (v < 0 || v >= e.dims[i]) {
                        throw new TranslationException("index " + v + " is outside " + name + "'s dimension "
                                + (i + 1) + " (0 to " + (e.dims[i] - 1) + ")", ix);
                    }
                    next.add(base * e.dims[i] + (int) v);
                }
            }
            flat = next;
        }
        List<Object> out = new ArrayList<>(flat.size());
        for (int k : flat) {
            out.add(e.objects[k]);
        }
        return out;
    }

    /** @return exactly one object, for actions that name one resource */
    Object resolveOne(ResourceRef ref, Env env) throws TranslationException {
        List<Object> all = resolve(ref, env);
        if (all.size() != 1) {
            throw new TranslationException("`*` selects several elements; only broadcast takes several", ref);
        }
        return all.get(0);
    }

    /** @return a whole plain number in [min, max] */
    static long count(Expr e, Env env, long min, long max, String what) throws TranslationException {
        Quantity q = quantity(e, env, Dim.NONE, what);
        if (!q.isWhole()) {
            throw new TranslationException(what + " must be a whole number, not " + q.value(), e, null,
                    SchedIssueCodes.NOT_WHOLE);
        }
        if (q.value() < min || q.value() > max) {
            throw new TranslationException(what + " must be " + min + " to " + max + ", not " + q.asLong(), e, null,
                    SchedIssueCodes.OUT_OF_RANGE);
        }
        return q.asLong();
    }

    /** @return the value of {@code e}, which must have dimension {@code want} */
    static Quantity quantity(Expr e, Env env, Dim want, String what) throws TranslationException {
        Quantity q;
        try {
            q = Evaluator.eval(e, env);
        } catch (EvalException ex) {
            throw new TranslationException(ex.getMessage(), ex.where() == null ? e : ex.where(), null,
                    "unresolved name".equals(ex.getMessage()) || ex.getMessage().startsWith("index ") ? null
                            : SchedIssueCodes.BAD_EXPRESSION);
        }
        if (q.dim() != want) {
            throw new TranslationException(what + " must be " + want.words()
                    + (want == Dim.NONE ? "" : " (" + want.units() + ")") + ", not " + q.dim().words(), e, null,
                    q.dim() == Dim.NONE ? SchedIssueCodes.MISSING_UNIT : SchedIssueCodes.WRONG_UNIT);
        }
        return q;
    }
}
