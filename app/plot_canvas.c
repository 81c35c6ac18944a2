#include "plot_canvas.h"

#include <cairo-svg.h>
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <breakshot/vec2.h>

bool bs_plot_format_of(const char* path, bs_plot_format* dest) {
	const char* dot = strrchr(path, '.');
	if (!dot || strlen(dot) != 4) {
		return false;
	}
	char ext[4];
	for (int k = 0; k < 3; ++k) {
		ext[k] = (char)tolower((unsigned char)dot[1 + k]);
	}
	ext[3] = '\0';
	if (strcmp(ext, "png") == 0) {
		*dest = BS_PLOT_PNG;
		return true;
	}
	if (strcmp(ext, "svg") == 0) {
		*dest = BS_PLOT_SVG;
		return true;
	}
	return false;
}

double bs_plot_tick_step(double span, int target) {
	double raw = span / target;
	double power = pow(10.0, floor(log10(raw)));
	double fraction = raw / power;
	double nice = fraction < 1.5 ? 1.0 : fraction < 3.5 ? 2.0 : fraction < 7.5 ? 5.0 : 10.0;
	return nice * power;
}

void bs_plot_set_font(cairo_t* cr, double size, bool bold) {
	cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
		bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, size);
}

void bs_plot_draw_text(cairo_t* cr, const char* text, double x, double y, double align) {
	cairo_text_extents_t extents;
	cairo_text_extents(cr, text, &extents);
	cairo_move_to(cr, x - align * extents.x_advance - extents.x_bearing * (1.0 - align),
		y - extents.y_bearing - 0.5 * extents.height);
	cairo_show_text(cr, text);
}

void bs_plot_format_tick(char* dest, size_t size, double value, double step) {
	// A tick at 0 computed as k step can come out as 1e-17: it is 0.
	snprintf(dest, size, "%g", fabs(value) < 1e-9 * step ? 0.0 : value);
}

static cairo_status_t write_to_output(void* closure, const unsigned char* data, unsigned int length) {
	return bs_output_write(closure, data, length) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

bool bs_plot_render(bs_output_file* out, int width, int height, bs_plot_draw draw, void* closure) {
	bs_plot_format format;
	if (!bs_plot_format_of(out->path, &format)) {
		fprintf(stderr, "breakshot: %s: the plot must be a .png or .svg file\n", out->path);
		bs_output_abort(out);
		return false;
	}
	cairo_surface_t* surface = NULL;
	if (format == BS_PLOT_SVG) {
		surface = cairo_svg_surface_create_for_stream(write_to_output, out, width, height);
		cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX);
	} else {
		surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
	}
	cairo_t* cr = cairo_create(surface);
	draw(cr, width, height, closure);
	cairo_status_t status = cairo_status(cr);
	cairo_destroy(cr);
	if (status == CAIRO_STATUS_SUCCESS && format == BS_PLOT_PNG) {
		status = cairo_surface_write_to_png_stream(surface, write_to_output, out);
	}
	cairo_surface_finish(surface);
	if (status == CAIRO_STATUS_SUCCESS) {
		status = cairo_surface_status(surface);
	}
	cairo_surface_destroy(surface);
	// A write of ours that failed (a full disk) leaves the stream in error:
	// the commit reports it, with its cause, and removes the temporary file.
	bool failed_writing = status == CAIRO_STATUS_WRITE_ERROR && out->write_error != 0;
	if (status != CAIRO_STATUS_SUCCESS && !failed_writing) {
		fprintf(stderr, "breakshot: %s: cannot draw the plot: %s\n", out->path, cairo_status_to_string(status));
		bs_output_abort(out);
		return false;
	}
	return true;
}

// A colour of the heat scale for a fraction in [0, 1] (of the logarithmic
// scale from 1 run to the fullest cell):
// from the cloth's pale green through blue to a dark red, so that an empty
// cell reads as cloth and a full one stands out.
void bs_plot_heat_colour(double f, double rgb[3]) {
	static const double stops[][3] = {
		{0.93, 0.97, 0.93}, {0.55, 0.80, 0.90}, {0.15, 0.40, 0.75}, {0.55, 0.15, 0.55}, {0.65, 0.05, 0.05}};
	const int last = (int)(sizeof stops / sizeof stops[0]) - 1;
	double x = fmin(fmax(f, 0.0), 1.0) * last;
	int k = x >= last ? last - 1 : (int)x;
	double t = x - k;
	for (int c = 0; c < 3; ++c) {
		rgb[c] = stops[k][c] + t * (stops[k + 1][c] - stops[k][c]);
	}
}
