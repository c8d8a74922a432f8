/**
 * Exporters of results and runs: CSV, JSON (written with Gson's streaming writer, {@link JsonOutput}) and Perfetto /
 * Chrome trace JSON.
 */
package org.schedlab.runner.export;
