package org.schedlab.ui.charts.viewers;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;

/**
 * Draws a {@link TimelineInput} on an SWT canvas as kernel trace viewers do: a lane per CPU, a coloured bar for each
 * stretch a task ran (the colour is fixed by the pid, so a task keeps its colour across windows and runs), a thin grey
 * bar for idle, a tick above the lane for each wakeup, a red arrow from the waking CPU for each IPI, a black wedge
 * for each idle halt, a time axis in ms and a legend of the tasks in the window.
 */
public final class TimelineViewer {

	private static final int LEFT = 60;
	private static final int TOP = 24;
	private static final int AXIS = 44;
	private static final int LEGEND_WIDTH = 210;
	private static final int MAX_LANE = 60;
	private static final RGB IDLE = new RGB(215, 215, 215);
	private static final RGB IPI = new RGB(200, 0, 0);

	private final Canvas canvas;
	private TimelineInput input = TimelineInput.empty("");

	public TimelineViewer(Composite parent) {
		canvas = new Canvas(parent, SWT.DOUBLE_BUFFERED);
		canvas.setBackground(canvas.getDisplay().getSystemColor(SWT.COLOR_WHITE));
		canvas.addPaintListener(e -> paint(e.gc, canvas.getClientArea()));
	}

	/** @return the control to lay out */
	public Control control() {
		return canvas;
	}

	/** @return what the timeline shows */
	public TimelineInput input() {
		return input;
	}

	/** Shows {@code in} (UI thread). */
	public void setInput(TimelineInput in) {
		this.input = in;
		canvas.redraw();
	}

	/** @return the stable colour of task {@code pid} (golden-ratio hues, so neighbouring pids differ) */
	public static RGB colour(int pid) {
		if (pid < 0) {
			return IDLE;
		}
		float hue = (float) ((pid * 0.6180339887) % 1.0) * 360f;
		float brightness = pid % 2 == 0 ? 0.85f : 0.7f;
		return new RGB(hue, 0.6f, brightness);
	}

	/** Writes the timeline, drawn at the canvas's current size, to a PNG file. */
	public void exportPng(Path file) {
		Rectangle area = canvas.getClientArea();
		// a view in a hidden tab has no size yet: export at a readable one
		int height = TOP + AXIS + Math.max(1, input.nrCpus()) * MAX_LANE / 2 + 4 * 18;
		Image image = new Image(canvas.getDisplay(), Math.max(area.width, 1000), Math.max(area.height, height));
		GC gc = new GC(image);
		try {
			gc.setBackground(canvas.getDisplay().getSystemColor(SWT.COLOR_WHITE));
			gc.fillRectangle(image.getBounds());
			paint(gc, image.getBounds());
			ImageLoader loader = new ImageLoader();
			loader.data = new ImageData[] { image.getImageData() };
			loader.save(file.toString(), SWT.IMAGE_PNG);
		} finally {
			gc.dispose();
			image.dispose();
		}
	}

	private void paint(GC gc, Rectangle area) {
		gc.setAntialias(SWT.ON);
		Color black = canvas.getDisplay().getSystemColor(SWT.COLOR_BLACK);
		gc.setForeground(black);
		gc.drawText(input.title(), area.x + 4, area.y + 4, true);
		int n = input.nrCpus();
		if (n == 0) {
			return;
		}
		int plotW = Math.max(50, area.width - LEFT - LEGEND_WIDTH - 10);
		int laneH = Math.max(8, Math.min(MAX_LANE, (area.height - TOP - AXIS) / n));
		int barH = Math.max(4, laneH * 2 / 3);
		Map<Integer, Boolean> legend = new LinkedHashMap<>();
		for (int cpu = 0; cpu < n; cpu++) {
			int y = area.y + TOP + cpu * laneH;
			gc.setForeground(black);
			gc.drawText("CPU " + cpu, area.x + 6, y + (laneH - gc.getFontMetrics().getHeight()) / 2, true);
			gc.setForeground(canvas.getDisplay().getSystemColor(SWT.COLOR_GRAY));
			gc.drawLine(area.x + LEFT, y + laneH - 1, area.x + LEFT + plotW, y + laneH - 1);
		}
		for (TimelineInput.Slice s : input.slices()) {
			int x0 = x(s.fromNs(), area, plotW);
			int x1 = Math.max(x0 + 1, x(s.toNs(), area, plotW));
			int yLane = area.y + TOP + s.cpu() * laneH;
			int h = s.pid() < 0 ? barH / 4 : barH;
			int y = yLane + laneH - 2 - h;
			gc.setBackground(new Color(colour(s.pid())));
			gc.fillRectangle(x0, y, x1 - x0, h);
			if (s.pid() >= 0) {
				legend.put(s.pid(), Boolean.TRUE);
				if (x1 - x0 > 40) {
					gc.setForeground(black);
					gc.setClipping(x0, y, x1 - x0, h);
					gc.drawText(input.name(s.pid()), x0 + 2, y + 1, true);
					gc.setClipping((Rectangle) null);
				}
			}
		}
		drawMarks(gc, area, plotW, laneH, barH);
		drawAxis(gc, area, plotW, n * laneH);
		drawLegend(gc, area, legend);
	}

	private void drawMarks(GC gc, Rectangle area, int plotW, int laneH, int barH) {
		Color black = canvas.getDisplay().getSystemColor(SWT.COLOR_BLACK);
		for (TimelineInput.Mark m : input.marks()) {
			int x = x(m.timeNs(), area, plotW);
			int yLane = area.y + TOP + m.cpu() * laneH;
			int top = yLane + laneH - 2 - barH;
			switch (m.kind()) {
			case WAKEUP -> {
				gc.setForeground(new Color(colour(m.pid())));
				gc.setLineWidth(2);
				gc.drawLine(x, top - 5, x, top - 1);
				gc.setLineWidth(1);
			}
			case HALT -> {
				gc.setBackground(black);
				gc.fillPolygon(new int[] { x, top + barH - 6, x - 3, top + barH, x + 3, top + barH });
			}
			case IPI -> {
				int xf = x(Math.max(m.fromNs(), input.startNs()), area, plotW);
				int yf = area.y + TOP + m.fromCpu() * laneH + laneH / 2;
				int yt = top;
				gc.setForeground(new Color(IPI));
				gc.drawLine(xf, yf, x, yt);
				gc.setBackground(new Color(IPI));
				int dir = yt > yf ? -1 : 1;
				gc.fillPolygon(new int[] { x, yt, x - 3, yt + 5 * dir, x + 3, yt + 5 * dir });
			}
			default -> throw new IllegalStateException(m.kind().toString());
			}
		}
	}

	private void drawAxis(GC gc, Rectangle area, int plotW, int lanesH) {
		int y = area.y + TOP + lanesH;
		gc.setForeground(canvas.getDisplay().getSystemColor(SWT.COLOR_BLACK));
		gc.drawLine(area.x + LEFT, y, area.x + LEFT + plotW, y);
		double lengthMs = (input.endNs() - input.startNs()) / 1e6;
		double step = niceStep(lengthMs / 8);
		double first = Math.ceil(input.startNs() / 1e6 / step) * step;
		for (double ms = first; ms <= input.endNs() / 1e6 + 1e-9; ms += step) {
			int x = x(Math.round(ms * 1e6), area, plotW);
			gc.drawLine(x, y, x, y + 4);
			String label = step >= 1 ? String.format("%.0f", ms) : String.format("%.2f", ms);
			Point size = gc.textExtent(label);
			gc.drawText(label, x - size.x / 2, y + 5, true);
		}
		String title = "simulated time (ms)";
		gc.drawText(title, area.x + LEFT + (plotW - gc.textExtent(title).x) / 2, y + 5 + gc.getFontMetrics().getHeight(),
				true);
	}

	private void drawLegend(GC gc, Rectangle area, Map<Integer, Boolean> tasks) {
		int x = area.x + area.width - LEGEND_WIDTH + 4;
		int y = area.y + TOP;
		int line = gc.getFontMetrics().getHeight() + 2;
		int room = Math.max(1, (area.height - TOP - 4 * line) / line);
		Color black = canvas.getDisplay().getSystemColor(SWT.COLOR_BLACK);
		int shown = 0;
		for (int pid : tasks.keySet().stream().sorted().toList()) {
			if (shown == room) {
				gc.setForeground(black);
				gc.drawText("+" + (tasks.size() - shown) + " more", x, y, true);
				y += line;
				break;
			}
			gc.setBackground(new Color(colour(pid)));
			gc.fillRectangle(x, y + 3, 12, line - 6);
			gc.setForeground(black);
			gc.drawText(input.name(pid), x + 16, y, true);
			y += line;
			shown++;
		}
		gc.drawText("| wakeup", x, y, true);
		gc.setForeground(new Color(IPI));
		gc.drawText("\u2197 IPI (cross-CPU wakeup)", x, y + line, true);
		gc.setForeground(black);
		gc.drawText("\u25b2 idle halt", x, y + 2 * line, true);
	}

	private int x(long ns, Rectangle area, int plotW) {
		double f = (double) (ns - input.startNs()) / Math.max(1, input.endNs() - input.startNs());
		return area.x + LEFT + (int) Math.round(Math.max(0, Math.min(1, f)) * plotW);
	}

	/** @return 1, 2 or 5 times a power of ten, at least {@code raw} */
	static double niceStep(double raw) {
		double p = Math.pow(10, Math.floor(Math.log10(Math.max(raw, 1e-6))));
		for (double m : new double[] { 1, 2, 5, 10 }) {
			if (m * p >= raw) {
				return m * p;
			}
		}
		return 10 * p;
	}
}
