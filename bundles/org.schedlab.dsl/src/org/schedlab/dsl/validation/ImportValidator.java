/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.validation;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.validation.Check;
import org.schedlab.dsl.sched.Import;
import org.schedlab.dsl.sched.Model;
import org.schedlab.dsl.sched.SchedPackage;

/** Imports: the file exists, and no chain of imports leads back to the importing file. */
public class ImportValidator extends ValidatorSupport {

    @Check
    public void checkImportExists(Import i) {
        if (i.getImportURI() == null || i.eResource() == null) {
            return;
        }
        if (!EcoreUtil2.isValidUri(i.eResource(), resolve(i.eResource(), i.getImportURI()))) {
            error("cannot find " + i.getImportURI() + " (paths are relative to this file)", i,
                    SchedPackage.Literals.IMPORT__IMPORT_URI, SchedIssueCodes.IMPORT_NOT_FOUND);
        }
    }

    @Check
    public void checkImportCycle(Import i) {
        Resource self = i.eResource();
        if (self == null || self.getResourceSet() == null || i.getImportURI() == null) {
            return;
        }
        URI target = resolve(self, i.getImportURI());
        List<String> path = new ArrayList<>();
        path.add(name(self.getURI()));
        if (leadsBack(self.getResourceSet(), target, self.getURI(), path, new HashSet<>())) {
            error("import cycle: " + String.join(" -> ", path), i, SchedPackage.Literals.IMPORT__IMPORT_URI,
                    SchedIssueCodes.IMPORT_CYCLE);
        }
    }

    private static boolean leadsBack(ResourceSet set, URI at, URI home, List<String> path, Set<URI> seen) {
        path.add(name(at));
        if (at.equals(home)) {
            return true;
        }
        if (seen.add(at)) {
            Resource r;
            try {
                r = EcoreUtil2.isValidUri(set.getResources().isEmpty() ? null : set.getResources().get(0), at)
                        ? set.getResource(at, true) : null;
            } catch (RuntimeException ex) {
                r = null;
            }
            if (r != null && !r.getContents().isEmpty() && r.getContents().get(0) instanceof Model m) {
                for (Import next : m.getImports()) {
                    if (next.getImportURI() != null && leadsBack(set, resolve(r, next.getImportURI()), home, path, seen)) {
                        return true;
                    }
                }
            }
        }
        path.remove(path.size() - 1);
        return false;
    }

    /** @return {@code importUri} resolved against the importing resource, as the global scope resolves it */
    static URI resolve(Resource from, String importUri) {
        URI uri = URI.createURI(importUri);
        URI base = from.getURI();
        if (uri.isRelative() && base != null && base.isHierarchical() && !base.isRelative()) {
            uri = uri.resolve(base);
        }
        return uri;
    }

    private static String name(URI uri) {
        return uri.lastSegment() == null ? uri.toString() : uri.lastSegment();
    }
}
