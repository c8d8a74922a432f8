/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.schedlab.runner.chart.AxisScale;
import org.schedlab.runner.chart.Chart;
import org.schedlab.runner.chart.SvgCanvas;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The hand-written chart renderer: bars around a zero line, 1-2-5 ticks, separators, titles, legend. */
class ChartRendererTest {
    private static final int W = 800;
    private static final int H = 450;

    private static Document svg(Chart chart) throws Exception {
        String text = SvgCanvas.render(chart, W, H);
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static double num(Element e, String attr) {
        return Double.parseDouble(e.getAttribute(attr));
    }

    private static List<Element> all(Document d, String tag) {
        NodeList n = d.getElementsByTagName(tag);
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < n.getLength(); i++) {
            out.add((Element) n.item(i));
        }
        return out;
    }

    private static List<String> texts(Document d) {
        return all(d, "text").stream().map(Element::getTextContent).toList();
    }

    /** The zero line: the one long black horizontal line (ticks are 4 px, grid lines grey). */
    private static double zeroLine(Document d) {
        List<Element> zero = all(d, "line").stream().filter(l -> l.getAttribute("stroke").equals("#000000"))
                .filter(l -> num(l, "y1") == num(l, "y2") && num(l, "x2") - num(l, "x1") > 100).toList();
        assertEquals(1, zero.size(), "one zero line");
        return num(zero.get(0), "y1");
    }

    /** Bars: the rects that are neither the background nor a 12 x 12 legend box. */
    private static List<Element> bars(Document d) {
        return all(d, "rect").stream().filter(r -> !r.getAttribute("fill").equals("#ffffff"))
                .filter(r -> !(num(r, "width") == 12 && num(r, "height") == 12)).toList();
    }

    @Test
    void negativeBarHangsBelowTheZeroLineWithPositiveHeight() throws Exception {
        Document d = svg(new Chart.Bars("delta", "machine", "change (%)", List.of("up", "smp4"),
                List.of(Chart.Series.bars("patched", List.of(30.0, -20.0)))));
        double zero = zeroLine(d);
        List<Element> bars = bars(d);
        assertEquals(2, bars.size());
        Element up = bars.get(0);
        Element down = bars.get(1);
        assertTrue(num(up, "height") > 0 && num(down, "height") > 0, "no negative heights");
        assertEquals(zero, num(up, "y") + num(up, "height"), 0.11, "positive bar stands on the zero line");
        assertEquals(zero, num(down, "y"), 0.11, "negative bar starts at the zero line and goes down");
        // 30 up and 20 down on one scale: the heights keep the ratio
        assertEquals(1.5, num(up, "height") / num(down, "height"), 0.01);
        List<String> labels = texts(d);
        assertTrue(labels.containsAll(List.of("-20", "-10", "0", "10", "20", "30")), labels.toString());
        assertTrue(labels.containsAll(List.of("machine", "change (%)", "patched")), "titles and legend: " + labels);
        assertTrue(zero < H - 70 && zero > 40, "zero line inside the plot");
    }

    @Test
    void allNegativeBarsPutTheZeroLineAtTheTop() throws Exception {
        Document d = svg(new Chart.Bars("t", "x", "y (ns)", List.of("a"),
                List.of(Chart.Series.bars("s", List.of(-7.0)))));
        assertEquals(40, zeroLine(d), 0.11);
        Element bar = bars(d).get(0);
        assertEquals(40, num(bar, "y"), 0.11);
        assertTrue(num(bar, "height") > 0);
    }

    @Test
    void largeValuesGetThousandsSeparators() throws Exception {
        Document d = svg(new Chart.Bars("t", "machine", "messages (msg/s)", List.of("a", "b"),
                List.of(Chart.Series.bars("stock", List.of(16_022.0, 11_535.0)))));
        assertTrue(texts(d).containsAll(List.of("0", "5,000", "10,000", "15,000", "20,000")), texts(d).toString());
    }

    @Test
    void linesHaveBothAxisTitlesAndNiceTicks() throws Exception {
        Document d = svg(new Chart.Lines("rq", "simulated time (ms)", "runqueue (tasks)",
                List.of(new Chart.Series("duo/rr", new double[] {1, 2, 3, 4}, new double[] {0, 250, 1000, 3000}))));
        List<String> labels = texts(d);
        assertTrue(labels.containsAll(List.of("simulated time (ms)", "runqueue (tasks)", "duo/rr")), labels.toString());
        assertTrue(labels.containsAll(List.of("1", "2", "3", "4")), "x ticks: " + labels);
        assertTrue(labels.containsAll(List.of("0", "1,000", "2,000", "3,000")), "y ticks: " + labels);
    }

    @Test
    void ticksAreWholeMultiplesOfAOneTwoFiveStep() {
        Random r = new Random(42);
        for (int i = 0; i < 2000; i++) {
            double magnitude = Math.pow(10, r.nextInt(12) - 4);
            double a = (r.nextDouble() - 0.3) * magnitude;
            double b = a + (0.001 + r.nextDouble()) * magnitude;
            AxisScale s = AxisScale.covering(a, b);
            String mantissa = String.format(java.util.Locale.ROOT, "%.6e", s.step()).substring(0, 8);
            assertTrue(List.of("1.000000", "2.000000", "5.000000").contains(mantissa), s + " step " + mantissa);
            assertTrue(s.low() <= a && s.high() >= b, s + " covers " + a + ".." + b);
            List<Double> ticks = s.ticks();
            assertTrue(ticks.size() >= 2 && ticks.size() <= 11, s + " has " + ticks.size() + " ticks");
            for (double t : ticks) {
                double k = t / s.step();
                assertEquals(Math.rint(k), k, 1e-6, "tick " + t + " of " + s);
            }
        }
    }

    @Test
    void labelsShowTheDecimalsTheStepNeedsAndNoMinusZero() {
        AxisScale small = AxisScale.covering(-0.12, 0.27);
        assertEquals(0.1, small.step());
        assertEquals(List.of("-0.2", "-0.1", "0.0", "0.1", "0.2", "0.3"), small.ticks().stream().map(small::label)
                .toList());
        AxisScale big = AxisScale.covering(0, 2_345_678);
        assertEquals("2,500,000", big.label(big.high()));
        assertEquals("0", big.label(-0.0));
    }
}
