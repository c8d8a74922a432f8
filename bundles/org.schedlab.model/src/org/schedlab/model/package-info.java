/**
 * The SchedLab results model. The EMF classes (package {@code org.schedlab.model.results}) are generated in
 * the build from {@code model/results.ecore} and {@code model/results.genmodel} by
 * {@code GenerateResults.mwe2}; {@link org.schedlab.model.ResultsResources} reads and writes them as XMI.
 */
package org.schedlab.model;
