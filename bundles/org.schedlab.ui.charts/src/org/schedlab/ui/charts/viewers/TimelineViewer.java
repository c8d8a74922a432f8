/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.viewers;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

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
 * stretch a task ran (the colour is fixed by the task, or by its group when the run has more than
 * {@link #COLOUR_BY_TASK} tasks, so it is kept across windows and runs), the task's name on the bar when it fits, a
 * thin grey bar for idle, a tick above the lane for each wakeup, a red arrow for each reschedule IPI, a dashed grey
 * arrow for a suppressed one, a dotted line for a wakeup on another CPU without IPI, a black wedge for each idle halt,
 * a time axis in ms and a legend of what the window contains. The mouse and keys move the window
 * ({@link TimelineNavigation}); hovering over a stretch tells its task, state, times and wakeup.
 */
public final class TimelineViewer {

    /** Takes the window the user moved to. */
    public interface Navigator {
        /** Shows {@code [startNs, startNs + lengthNs)}. */
        void show(long startNs, long lengthNs);
    }

    /** Runs with more tasks than this are coloured, and their legend written, by task group. */
    public static final int COLOUR_BY_TASK = 16;

    private static final int LEFT = 60;
    private static final int TOP = 24;
    private static final int AXIS = 44;
    private static final int LEGEND_WIDTH = 230;
    private static final int MAX_LANE = 60;
    private static final RGB IDLE = new RGB(215, 215, 215);
    private static final RGB IPI = new RGB(200, 0, 0);
    private static final RGB SOFT = new RGB(120, 120, 120);

    private final Canvas canvas;
    private TimelineInput input = TimelineInput.empty("");
    private Navigator navigator;
    private String axisTitle = "simulated time (ms)";
    private Rectangle lastArea = new Rectangle(0, 0, 1000, 400);
    private final TimelineNavigation navigation;

    public TimelineViewer(Composite parent) {
        canvas = new Canvas(parent, SWT.DOUBLE_BUFFERED);
        canvas.setBackground(canvas.getDisplay().getSystemColor(SWT.COLOR_WHITE));
        canvas.addPaintListener(e -> {
            lastArea = canvas.getClientArea();
            paint(e.gc, lastArea);
        });
        navigation = new TimelineNavigation(this, canvas);
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

    /** Sets who takes the windows the mouse and keys move to (none: the timeline does not move). */
    public void setNavigator(Navigator n) {
        this.navigator = n;
    }

    /** Names the time axis ("simulated time (ms)" unless set; a recorded trace's time is not simulated). */
    public void setAxisTitle(String title) {
        this.axisTitle = title;
        canvas.redraw();
    }

    /** Asks the navigator for window {@code [startNs, startNs + lengthNs)} (as the mouse and keys do). */
    public void navigate(long startNs, long lengthNs) {
        if (navigator != null) {
            navigator.show(startNs, lengthNs);
        }
    }

    /** Zooms by {@code factor} (below 1: in) around pixel {@code x}, as the wheel does. */
    public void zoomAt(double factor, int x) {
        navigation.zoom(factor, x);
    }

    /** @return the x of the plot's left edge */
    public int plotLeft() {
        return lastArea.x + LEFT;
    }

    /** @return the plot's width in pixels */
    public int plotWidth() {
        return Math.max(50, lastArea.width - LEFT - LEGEND_WIDTH - 10);
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

    /** Distinct colours for task groups (Okabe-Ito and Tableau hues, without grey). */
    private static final RGB[] GROUPS = { new RGB(0, 114, 178), new RGB(230, 159, 0), new RGB(0, 158, 115),
            new RGB(204, 121, 167), new RGB(86, 180, 233), new RGB(213, 94, 0), new RGB(240, 228, 66),
            new RGB(148, 103, 189), new RGB(140, 86, 75), new RGB(188, 189, 34) };

    private java.util.List<String> groups = java.util.List.of();
    private Map<Integer, String> groupsOf = Map.of();

    /** @return the colour of {@code pid} in this timeline: by task, or by group in a run of many tasks */
    public RGB colourOf(int pid) {
        if (pid < 0 || input.names().size() <= COLOUR_BY_TASK) {
            return colour(pid);
        }
        if (groupsOf != input.names()) { // the run's groups, sorted: a group keeps its colour in every window
            groupsOf = input.names();
            groups = input.names().values().stream().map(TimelineViewer::group).distinct().sorted().toList();
        }
        int i = Math.max(0, groups.indexOf(group(input.name(pid))));
        RGB c = GROUPS[i % GROUPS.length];
        return i < GROUPS.length ? c : new RGB(c.red * 3 / 4, c.green * 3 / 4, c.blue * 3 / 4);
    }

    private static String group(String name) {
        return TaskGroups.of(name);
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

    /** @return the tooltip of the stretch under pixel (x, y), or null */
    public String tooltipAt(int x, int y) {
        int n = input.nrCpus();
        if (n == 0 || x < plotLeft() || x > plotLeft() + plotWidth()) {
            return null;
        }
        int laneH = laneHeight(lastArea);
        int cpu = (y - lastArea.y - TOP) / laneH;
        if (y < lastArea.y + TOP || cpu >= n) {
            return null;
        }
        long t = input.startNs() + Math.round((x - plotLeft()) / (double) plotWidth() * (input.endNs() - input.startNs()));
        long slack = (input.endNs() - input.startNs()) / Math.max(1, plotWidth()); // a pixel
        TimelineInput.Slice best = null;
        for (TimelineInput.Slice s : input.slices()) {
            if (s.cpu() == cpu && s.fromNs() - slack <= t && t <= s.toNs() + slack
                    && (best == null || best.pid() < 0 && s.pid() >= 0)) {
                best = s;
            }
        }
        return best == null ? null : TimelineTooltip.text(input, best);
    }

    private int laneHeight(Rectangle area) {
        return Math.max(8, Math.min(MAX_LANE, (area.height - TOP - AXIS) / Math.max(1, input.nrCpus())));
    }

    private void paint(GC gc, Rectangle area) {
        gc.setAntialias(SWT.ON);
        Color black = canvas.getDisplay().getSystemColor(SWT.COLOR_BLACK);
        gc.setForeground(black);
        int n = input.nrCpus();
        if (n == 0) {
            // no lanes: the title says why (and what to do), wrapped to the width, with no empty axis under it
            drawWrapped(gc, input.title(), area.x + 16, area.y + 16, Math.max(100, area.width - 32));
            return;
        }
        gc.drawText(input.title(), area.x + 4, area.y + 4, true);
        int plotW = Math.max(50, area.width - LEFT - LEGEND_WIDTH - 10);
        int laneH = laneHeight(area);
        int barH = Math.max(4, laneH * 2 / 3);
        TreeMap<String, Integer> legend = new TreeMap<>();
        for (int cpu = 0; cpu < n; cpu++) {
            int y = area.y + TOP + cpu * laneH;
            gc.setForeground(black);
            gc.drawText("CPU " + cpu, area.x + 6, y + (laneH - gc.getFontMetrics().getHeight()) / 2, true);
            gc.setForeground(canvas.getDisplay().getSystemColor(SWT.COLOR_GRAY));
            gc.drawLine(area.x + LEFT, y + laneH - 1, area.x + LEFT + plotW, y + laneH - 1);
        }
        boolean byGroup = input.names().size() > COLOUR_BY_TASK;
        int fontH = gc.getFontMetrics().getHeight();
        for (TimelineInput.Slice s : input.slices()) {
            int x0 = x(s.fromNs(), area, plotW);
            int x1 = Math.max(x0 + 1, x(s.toNs(), area, plotW));
            int yLane = area.y + TOP + s.cpu() * laneH;
            int h = s.pid() < 0 ? barH / 4 : barH;
            int y = yLane + laneH - 2 - h;
            Color c = new Color(colourOf(s.pid()));
            gc.setBackground(c);
            gc.fillRectangle(x0, y, x1 - x0, h);
            if (s.pid() >= 0) {
                String name = input.name(s.pid());
                legend.put(byGroup ? group(name) : name, s.pid());
                if (h >= fontH) {
                    drawLabel(gc, name, x0, x1, y + (h - fontH) / 2);
                }
            }
        }
        Set<TimelineInput.MarkKind> kinds = drawMarks(gc, area, plotW, laneH, barH);
        drawAxis(gc, area, plotW, n * laneH);
        drawLegend(gc, area, legend, kinds);
    }

    /** Draws {@code text} from {@code (x, y)} in lines of at most {@code width} pixels, broken between words. */
    private static void drawWrapped(GC gc, String text, int x, int y, int width) {
        int lineH = gc.getFontMetrics().getHeight();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            String longer = line.isEmpty() ? word : line + " " + word;
            if (!line.isEmpty() && gc.textExtent(longer).x > width) {
                gc.drawText(line.toString(), x, y, true);
                y += lineH;
                line.setLength(0);
                line.append(word);
            } else {
                line.setLength(0);
                line.append(longer);
            }
        }
        gc.drawText(line.toString(), x, y, true);
    }

    /** The task's name if it fits the bar, else its group if that fits, else nothing. */
    private static void drawLabel(GC gc, String name, int x0, int x1, int y) {
        for (String label : new String[] { name, group(name) }) {
            if (gc.textExtent(label).x + 4 <= x1 - x0) {
                gc.setForeground(gc.getDevice().getSystemColor(SWT.COLOR_BLACK));
                gc.drawText(label, x0 + 2, y, true);
                return;
            }
        }
    }

    private Set<TimelineInput.MarkKind> drawMarks(GC gc, Rectangle area, int plotW, int laneH, int barH) {
        Color black = canvas.getDisplay().getSystemColor(SWT.COLOR_BLACK);
        Set<TimelineInput.MarkKind> kinds = EnumSet.noneOf(TimelineInput.MarkKind.class);
        for (TimelineInput.Mark m : input.marks()) {
            kinds.add(m.kind());
            int x = x(m.timeNs(), area, plotW);
            int yLane = area.y + TOP + m.cpu() * laneH;
            int top = yLane + laneH - 2 - barH;
            switch (m.kind()) {
            case WAKEUP -> {
                gc.setForeground(new Color(colourOf(m.pid())));
                gc.setLineWidth(2);
                gc.drawLine(x, top - 5, x, top - 1);
                gc.setLineWidth(1);
            }
            case HALT -> {
                gc.setBackground(black);
                gc.fillPolygon(new int[] { x, top + barH - 6, x - 3, top + barH, x + 3, top + barH });
            }
            case IPI, IPI_SUPPRESSED, REMOTE_WAKEUP -> {
                int xf = x(Math.max(m.fromNs(), input.startNs()), area, plotW);
                int yf = area.y + TOP + m.fromCpu() * laneH + laneH / 2;
                RGB rgb = m.kind() == TimelineInput.MarkKind.IPI ? IPI : SOFT;
                gc.setForeground(new Color(rgb));
                gc.setLineStyle(switch (m.kind()) {
                case IPI -> SWT.LINE_SOLID;
                case IPI_SUPPRESSED -> SWT.LINE_DASH;
                default -> SWT.LINE_DOT;
                });
                gc.drawLine(xf, yf, x, top);
                gc.setLineStyle(SWT.LINE_SOLID);
                if (m.kind() != TimelineInput.MarkKind.REMOTE_WAKEUP) {
                    gc.setBackground(new Color(rgb));
                    int dir = top > yf ? -1 : 1;
                    gc.fillPolygon(new int[] { x, top, x - 3, top + 5 * dir, x + 3, top + 5 * dir });
                }
            }
            default -> throw new IllegalStateException(m.kind().toString());
            }
        }
        return kinds;
    }

    private void drawAxis(GC gc, Rectangle area, int plotW, int lanesH) {
        int y = area.y + TOP + lanesH;
        gc.setForeground(canvas.getDisplay().getSystemColor(SWT.COLOR_BLACK));
        gc.drawLine(area.x + LEFT, y, area.x + LEFT + plotW, y);
        double lengthMs = (input.endNs() - input.startNs()) / 1e6;
        double step = niceStep(lengthMs / Math.max(2, Math.min(10, plotW / 90)));
        int decimals = (int) Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
        double first = Math.ceil(input.startNs() / 1e6 / step - 1e-9) * step;
        for (double ms = first; ms <= input.endNs() / 1e6 + 1e-9; ms += step) {
            int x = x(Math.round(ms * 1e6), area, plotW);
            gc.drawLine(x, y, x, y + 4);
            String label = String.format(Locale.ROOT, "%." + decimals + "f", Math.abs(ms) < step / 2 ? 0.0 : ms);
            Point size = gc.textExtent(label);
            gc.drawText(label, x - size.x / 2, y + 5, true);
        }
        String title = axisTitle + "; wheel or W/S zoom, drag or A/D pan";
        gc.drawText(title, area.x + LEFT + (plotW - gc.textExtent(title).x) / 2, y + 5 + gc.getFontMetrics().getHeight(),
                true);
    }

    private void drawLegend(GC gc, Rectangle area, TreeMap<String, Integer> entries, Set<TimelineInput.MarkKind> kinds) {
        int x = area.x + area.width - LEGEND_WIDTH + 4;
        int y = area.y + TOP;
        int line = gc.getFontMetrics().getHeight() + 2;
        int room = Math.max(1, (area.height - TOP) / line - kinds.size() - 1);
        Color black = canvas.getDisplay().getSystemColor(SWT.COLOR_BLACK);
        int shown = 0;
        for (var e : entries.entrySet()) {
            if (shown == room) {
                gc.setForeground(black);
                gc.drawText("+" + (entries.size() - shown) + " more", x, y, true);
                y += line;
                break;
            }
            gc.setBackground(new Color(colourOf(e.getValue())));
            gc.fillRectangle(x, y + 3, 12, line - 6);
            gc.setForeground(black);
            gc.drawText(e.getKey(), x + 16, y, true);
            y += line;
            shown++;
        }
        for (TimelineInput.MarkKind k : kinds) {
            gc.setForeground(k == TimelineInput.MarkKind.IPI ? new Color(IPI) : k == TimelineInput.MarkKind.WAKEUP
                    || k == TimelineInput.MarkKind.HALT ? black : new Color(SOFT));
            gc.drawText(switch (k) {
            case WAKEUP -> "| wakeup";
            case IPI -> "\u2197 reschedule IPI";
            case IPI_SUPPRESSED -> "\u2197 IPI suppressed (polling), dashed";
            case REMOTE_WAKEUP -> "\u2026 woken elsewhere, no IPI, dotted";
            case HALT -> "\u25b2 idle halt";
            }, x, y, true);
            y += line;
        }
    }

    private int x(long ns, Rectangle area, int plotW) {
        double f = (double) (ns - input.startNs()) / Math.max(1, input.endNs() - input.startNs());
        return area.x + LEFT + (int) Math.round(Math.max(0, Math.min(1, f)) * plotW);
    }

    /** @return 1, 2 or 5 times a power of ten, at least {@code raw} */
    public static double niceStep(double raw) {
        double p = Math.pow(10, Math.floor(Math.log10(Math.max(raw, 1e-6))));
        for (double m : new double[] { 1, 2, 5, 10 }) {
            if (m * p >= raw) {
                return m * p;
            }
        }
        return 10 * p;
    }
}
