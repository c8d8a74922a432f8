package org.schedlab.runner.chart;

/** The few drawing operations the charts need, in pixels from the top left; colours are {@code #rrggbb}. */
public interface Canvas {
    /** Where a text's x coordinate is. */
    enum Anchor {
        START, MIDDLE, END
    }

    void rect(double x, double y, double w, double h, String fill);

    void line(double x1, double y1, double x2, double y2, String stroke, double width);

    void polyline(double[] xs, double[] ys, String stroke, double width);

    void text(double x, double y, String text, double size, Anchor anchor, String fill);
}
