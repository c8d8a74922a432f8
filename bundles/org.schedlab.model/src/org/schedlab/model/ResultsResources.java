/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.emf.ecore.resource.impl.ResourceSetImpl;
import org.eclipse.emf.ecore.xmi.XMLResource;
import org.eclipse.emf.ecore.xmi.impl.XMIResourceFactoryImpl;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.ResultsPackage;

/**
 * Reads and writes results as XMI ({@code .schedresult}) without OSGi: registers the package and the
 * file extension in a private resource set, so it works the same in a plain JVM, the CLI and the workbench.
 */
public final class ResultsResources {
    /** The results file extension, without the dot. */
    public static final String EXTENSION = "schedresult";

    private static final Map<Object, Object> SAVE_OPTIONS = Map.of(XMLResource.OPTION_ENCODING, "UTF-8",
            XMLResource.OPTION_LINE_WIDTH, 120);

    private ResultsResources() {
    }

    /** @return a resource set that knows the results package and the {@code .schedresult} extension */
    public static ResourceSet newResourceSet() {
        ResourceSet set = new ResourceSetImpl();
        set.getPackageRegistry().put(ResultsPackage.eNS_URI, ResultsPackage.eINSTANCE);
        XMIResourceFactoryImpl xmi = new XMIResourceFactoryImpl();
        set.getResourceFactoryRegistry().getExtensionToFactoryMap().put(EXTENSION, xmi);
        set.getResourceFactoryRegistry().getExtensionToFactoryMap().put(Resource.Factory.Registry.DEFAULT_EXTENSION,
                xmi);
        return set;
    }

    /**
     * Writes {@code result} as XMI to {@code out} (UTF-8). The result stays where it was: if it is not in a
     * resource, it is put into a scratch one for the write and taken out again.
     */
    public static void save(ExperimentResult result, OutputStream out) throws IOException {
        Resource existing = result.eResource();
        if (existing != null) {
            existing.save(out, SAVE_OPTIONS);
            return;
        }
        Resource scratch = newResourceSet().createResource(URI.createURI("result." + EXTENSION));
        scratch.getContents().add(result);
        try {
            scratch.save(out, SAVE_OPTIONS);
        } finally {
            scratch.getContents().remove(result);
        }
    }

    /**
     * Reads an experiment result written by {@link #save}.
     *
     * @throws IOException when the stream is not a results file
     */
    public static ExperimentResult load(InputStream in) throws IOException {
        Resource res = newResourceSet().createResource(URI.createURI("loaded." + EXTENSION));
        res.load(in, Map.of());
        if (res.getContents().isEmpty() || !(res.getContents().get(0) instanceof ExperimentResult result)) {
            throw new IOException("not a SchedLab results file (no ExperimentResult at its root)");
        }
        return result;
    }
}
