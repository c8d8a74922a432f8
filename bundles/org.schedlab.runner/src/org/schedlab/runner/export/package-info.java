/** Exporters of results and runs: CSV, JSON (with a small JSON writer) and Perfetto / Chrome trace JSON. */
package org.schedlab.runner.export;
