/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.editors;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorSite;
import org.eclipse.ui.IFileEditorInput;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.part.EditorPart;
import org.schedlab.runner.trace.TraceFormatException;
import org.schedlab.ui.charts.traces.TraceLoader;
import org.schedlab.ui.charts.traces.TraceTimeline;
import org.schedlab.ui.charts.viewers.TimelineInput;
import org.schedlab.ui.charts.viewers.TimelineViewer;

/**
 * A trace file (ftrace text or SchedLab's JSON) on the CPU timeline, read-only: a lane per CPU with the stretches each
 * task ran, wakeups and idle halts. Opened on two files ({@link TracePairInput}) it stacks them on one time axis, each
 * counted from its first record, so that zooming or panning either moves both. The files are read in a job (progress
 * in the Progress view); the header says what each holds and what was left out, or where a file is malformed.
 */
public final class TraceTimelineEditor extends EditorPart {

    /** The editor's id, as declared in plugin.xml. */
    public static final String ID = "org.schedlab.ui.charts.traceTimeline";

    private static final int SLICES_PER_CPU = 40;

    private List<IFile> files = List.of();
    private TraceTimeline[] traces = new TraceTimeline[0];
    private String[] lines = new String[0];
    private final List<TimelineViewer> viewers = new ArrayList<>();
    private Label header;
    private Display display;
    private volatile boolean loaded;
    private long windowStart;
    private long windowLength = 1;

    @Override
    public void init(IEditorSite site, IEditorInput input) throws PartInitException {
        if (input instanceof TracePairInput pair) {
            files = pair.files();
        } else if (input instanceof IFileEditorInput f) {
            files = List.of(f.getFile());
        } else {
            throw new PartInitException("not a trace file in the workspace: " + input.getName());
        }
        setSite(site);
        setInput(input);
        setPartName(input.getName());
        traces = new TraceTimeline[files.size()];
        lines = new String[files.size()];
        Arrays.fill(lines, "reading...");
    }

    @Override
    public void createPartControl(Composite parent) {
        display = parent.getDisplay();
        parent.setLayout(new GridLayout(1, false));
        header = new Label(parent, SWT.WRAP);
        header.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        SashForm sash = new SashForm(parent, SWT.VERTICAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        for (IFile f : files) {
            TimelineViewer v = new TimelineViewer(sash);
            v.setAxisTitle("time from the trace's first record (ms)");
            v.setInput(TimelineInput.empty("Reading " + f.getName() + "..."));
            v.setNavigator(this::showWindow);
            viewers.add(v);
        }
        showHeader();
        load();
    }

    private void load() {
        Job job = Job.create("Reading " + getPartName(), (IProgressMonitor monitor) -> {
            SubMonitor sub = SubMonitor.convert(monitor, files.size());
            for (int i = 0; i < files.size() && !monitor.isCanceled(); i++) {
                read(i, sub.split(1));
            }
            if (!display.isDisposed()) {
                display.asyncExec(this::shown);
            }
            return monitor.isCanceled() ? Status.CANCEL_STATUS : Status.OK_STATUS;
        });
        job.setPriority(Job.LONG);
        job.schedule();
    }

    private void read(int i, IProgressMonitor monitor) {
        IFile f = files.get(i);
        String where = f.getFullPath().toString();
        long size = f.getLocation() == null ? 0 : f.getLocation().toFile().length();
        try (InputStream in = f.getContents(true)) {
            traces[i] = TraceLoader.load(in, where, size, TraceLoader.MAX_EVENTS, monitor);
            lines[i] = f.getName() + ": " + traces[i].summary();
        } catch (TraceFormatException e) {
            lines[i] = "Cannot show " + e.getMessage();
        } catch (IOException e) {
            lines[i] = "Cannot show " + where + ": " + e.getMessage();
        } catch (CoreException e) {
            lines[i] = "Cannot read " + where + ": " + e.getStatus().getMessage();
        } catch (OperationCanceledException e) {
            lines[i] = f.getName() + ": not read (cancelled)";
        }
    }

    /** Once read (UI thread): the header, and the first window, readable on the first trace read. */
    private void shown() {
        loaded = true;
        if (header.isDisposed()) {
            return;
        }
        showHeader();
        long length = 1;
        long readable = 0;
        for (int i = 0; i < traces.length; i++) {
            if (traces[i] == null) {
                viewers.get(i).setInput(TimelineInput.empty(lines[i]));
            } else {
                length = Math.max(length, traces[i].lengthNs());
                readable = readable > 0 ? readable : traces[i].readableWindowNs(SLICES_PER_CPU);
            }
        }
        showWindow(0, readable > 0 ? readable : length);
    }

    private void showHeader() {
        header.setText(String.join("\n", lines));
        header.getParent().layout(true, true);
    }

    /** Shows {@code [startNs, startNs + lengthNs)} of every trace, from its first record (UI thread). */
    public void showWindow(long startNs, long lengthNs) {
        windowStart = Math.max(0, startNs);
        windowLength = Math.max(1, lengthNs);
        for (int i = 0; i < traces.length; i++) {
            if (traces[i] != null && !viewers.get(i).control().isDisposed()) {
                viewers.get(i).setInput(traces[i].window(windowStart, windowLength));
            }
        }
    }

    /** @return whether the files were read (or failed) and shown */
    public boolean isLoaded() {
        return loaded;
    }

    /** @return the timelines, one per file, upper first */
    public List<TimelineViewer> viewers() {
        return List.copyOf(viewers);
    }

    /** @return the traces read, upper first (null where a file could not be read) */
    public List<TraceTimeline> traces() {
        return Arrays.asList(traces.clone());
    }

    /** @return the header's text: a line per file */
    public String headerText() {
        return header.getText();
    }

    /** @return the window shown: start and length in ns */
    public long[] window() {
        return new long[] { windowStart, windowLength };
    }

    @Override
    public void setFocus() {
        if (!viewers.isEmpty()) {
            viewers.get(0).control().setFocus();
        }
    }

    @Override
    public void doSave(IProgressMonitor monitor) {
        // read-only
    }

    @Override
    public void doSaveAs() {
        // read-only
    }

    @Override
    public boolean isDirty() {
        return false;
    }

    @Override
    public boolean isSaveAsAllowed() {
        return false;
    }
}
