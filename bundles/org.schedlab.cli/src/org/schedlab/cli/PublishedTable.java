package org.schedlab.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.schedlab.runner.DeltaTable;
import org.schedlab.runner.PublishedRow;

/**
 * Prints published-versus-simulated rows as an aligned table, every number with its unit:
 * {@code ID  experiment  cell  metric  published  simulated  band  ok|OUTSIDE}.
 */
final class PublishedTable {

	private static final String[] HEADER = { "ID", "experiment", "cell", "metric", "published", "simulated", "band",
			"verdict" };

	private PublishedTable() {
	}

	static void print(List<PublishedRow> rows, PrintStream out) {
		List<String[]> lines = new ArrayList<>();
		lines.add(HEADER);
		for (PublishedRow r : rows) {
			lines.add(new String[] { r.id(), r.experiment(), r.cell(), r.metric(), value(r.published(), r.unit()),
					value(r.simulated(), r.unit()), band(r), r.verdict() });
		}
		int[] width = new int[HEADER.length];
		for (String[] line : lines) {
			for (int i = 0; i < line.length; i++) {
				width[i] = Math.max(width[i], line[i].length());
			}
		}
		for (String[] line : lines) {
			StringBuilder b = new StringBuilder();
			for (int i = 0; i < line.length; i++) {
				boolean number = i == 4 || i == 5;
				String cell = number ? pad(line[i], width[i], true) : pad(line[i], width[i], false);
				b.append(cell).append(i + 1 < line.length ? "  " : "");
			}
			out.println(b.toString().stripTrailing());
		}
	}

	static String value(double v, String unit) {
		if (Double.isNaN(v)) {
			return "n/a";
		}
		if ("%".equals(unit)) {
			return String.format(Locale.ROOT, "%+.1f %%", v);
		}
		return DeltaTable.formatValue(v) + (unit == null || unit.isEmpty() ? "" : " " + unit);
	}

	static String band(PublishedRow r) {
		boolean low = !Double.isInfinite(r.bandLow());
		boolean high = !Double.isInfinite(r.bandHigh());
		if (low && high) {
			return value(r.bandLow(), r.unit()) + " .. " + value(r.bandHigh(), r.unit());
		}
		if (low) {
			return ">= " + value(r.bandLow(), r.unit());
		}
		if (high) {
			return "<= " + value(r.bandHigh(), r.unit());
		}
		return "none";
	}

	private static String pad(String s, int width, boolean right) {
		String fill = " ".repeat(Math.max(0, width - s.length()));
		return right ? fill + s : s + fill;
	}
}
