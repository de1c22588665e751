"""Layout and rendering: fonts, units, text fitting, SVG and PDF writers, imposition."""
