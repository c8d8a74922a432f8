/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.viewers;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Event;

/**
 * The CPU timeline's mouse and keys, as in Perfetto and KernelShark: the wheel zooms around the pointer, dragging with
 * the left button pans, W and S zoom in and out around the pointer (the middle when it is outside), A and D pan by a
 * fifth of the window; hovering over a stretch shows its tooltip. Every move is handed to the timeline's
 * {@link TimelineViewer.Navigator} as a new window, clamped to the run.
 */
final class TimelineNavigation {

    /** Zoom factor of one wheel notch or key press. */
    static final double ZOOM = 0.8;
    /** Pan step of A and D, in windows. */
    static final double PAN = 0.2;
    /** The shortest window: 10 us. */
    static final long MIN_WINDOW_NS = 10_000;

    private final TimelineViewer viewer;
    private final Canvas canvas;
    private int dragX = -1;
    private long dragStart;
    private int pointerX = -1;

    TimelineNavigation(TimelineViewer viewer, Canvas canvas) {
        this.viewer = viewer;
        this.canvas = canvas;
        canvas.addListener(SWT.MouseVerticalWheel, this::wheel);
        canvas.addListener(SWT.MouseDown, e -> {
            canvas.setFocus();
            if (e.button == 1) {
                dragX = e.x;
                dragStart = viewer.input().startNs();
            }
        });
        canvas.addListener(SWT.MouseUp, e -> {
            dragX = -1;
            canvas.setCursor(null);
        });
        canvas.addListener(SWT.MouseMove, this::move);
        canvas.addListener(SWT.MouseExit, e -> pointerX = -1);
        canvas.addListener(SWT.KeyDown, this::key);
    }

    private void wheel(Event e) {
        if (e.count == 0) {
            return;
        }
        e.doit = false;
        zoom(e.count > 0 ? ZOOM : 1 / ZOOM, e.x);
    }

    private void move(Event e) {
        pointerX = e.x;
        if (dragX >= 0 && (e.stateMask & SWT.BUTTON1) != 0) {
            TimelineInput in = viewer.input();
            long length = in.endNs() - in.startNs();
            double nsPerPixel = length / (double) Math.max(1, viewer.plotWidth());
            if (e.x != dragX) {
                canvas.setCursor(canvas.getDisplay().getSystemCursor(SWT.CURSOR_SIZEWE));
            }
            show(dragStart - Math.round((e.x - dragX) * nsPerPixel), length);
            return;
        }
        String tip = viewer.tooltipAt(e.x, e.y);
        if (!java.util.Objects.equals(tip, canvas.getToolTipText())) {
            canvas.setToolTipText(tip);
        }
    }

    private void key(Event e) {
        TimelineInput in = viewer.input();
        long length = in.endNs() - in.startNs();
        int x = pointerX >= 0 ? pointerX : viewer.plotLeft() + viewer.plotWidth() / 2;
        switch (Character.toLowerCase(e.character)) {
        case 'w' -> zoom(ZOOM, x);
        case 's' -> zoom(1 / ZOOM, x);
        case 'a' -> show(in.startNs() - Math.round(length * PAN), length);
        case 'd' -> show(in.startNs() + Math.round(length * PAN), length);
        default -> {
            return;
        }
        }
        e.doit = false;
    }

    /** Scales the window by {@code factor} keeping the time under pixel {@code x} where it is. */
    void zoom(double factor, int x) {
        TimelineInput in = viewer.input();
        long length = in.endNs() - in.startNs();
        long newLength = Math.max(MIN_WINDOW_NS, Math.round(length * factor));
        newLength = Math.min(newLength, Math.max(MIN_WINDOW_NS, in.runEndNs()));
        double f = Math.max(0, Math.min(1, (x - viewer.plotLeft()) / (double) Math.max(1, viewer.plotWidth())));
        long at = in.startNs() + Math.round(f * length);
        show(at - Math.round(f * newLength), newLength);
    }

    private void show(long start, long length) {
        TimelineInput in = viewer.input();
        long s = Math.max(0, Math.min(start, in.runEndNs() - length));
        if (s != in.startNs() || length != in.endNs() - in.startNs()) {
            viewer.navigate(s, length);
        }
    }
}
