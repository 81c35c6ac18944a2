// breakshot viewer: the camera. A perspective orbit around a target on the
// table, or a top-down orthographic view fitted to the table within a frame
// of the window (the part the overlays leave free). World units are
// metres with the felt at z = 0 and z up.
#ifndef BREAKSHOT_CAMERA_H
#define BREAKSHOT_CAMERA_H

#include <cglm/cglm.h>
#include <stdbool.h>

#include <breakshot/table.h>

typedef enum bs_camera_mode {
	BS_CAMERA_ORBIT,
	BS_CAMERA_TOP,
} bs_camera_mode;

typedef struct bs_camera {
	bs_camera_mode mode;
	vec3 target;     ///< the point orbited and looked at (m)
	float yaw;       ///< around z, radians; -pi/2 looks from the y = 0 side
	float pitch;     ///< above the felt, radians
	float distance;  ///< eye to target (m)
	float fovy;      ///< vertical field of view, radians
	float top_zoom;  ///< top view scale; 1 fits the whole table
	float fit_width;  ///< the drawn table's outer size (m), fitted by the top view
	float fit_height;
	/// The part of the window the top view fits the table into, clear of
	/// the overlays: left, top, right, bottom as fractions of the window's
	/// width and height (top-down). {0, 0, 1, 1}: the whole window. The
	/// orbit view, a free camera, keeps the whole window.
	float frame[4];
} bs_camera;

/// The default orbit view of `table`, looking from its y = 0 side.
void bs_camera_make(const bs_table_def* table, bs_camera* dest);

/// Sets the top view's frame to the rectangle from (left, top) to (right,
/// bottom) in pixels of a width x height window (overlay_layout.h gives it).
void bs_camera_set_frame(bs_camera* camera, int width, int height, float left, float top, float right, float bottom);

/// Where the eye is (m).
void bs_camera_eye(const bs_camera* camera, vec3 dest);

/// The world-to-eye matrix.
void bs_camera_view(const bs_camera* camera, mat4 dest);

/// The projection for a viewport of this width / height.
void bs_camera_projection(const bs_camera* camera, float aspect, mat4 dest);

/// projection * view.
void bs_camera_view_projection(const bs_camera* camera, float aspect, mat4 dest);

/// The pixel (x right, y down, origin top-left) where `point` lands in a
/// width x height image.
void bs_camera_project(const bs_camera* camera, int width, int height, const vec3 point, vec2 dest);

/// The point on the plane z = `z` under pixel (x, y). False when the ray
/// misses the plane (looking away from it).
bool bs_camera_pick(const bs_camera* camera, int width, int height, double x, double y, float z, vec3 dest);

/// Drag to orbit: yaw and pitch change with the pixel motion.
void bs_camera_rotate(bs_camera* camera, double dx, double dy);

/// Zoom in (steps > 0) or out.
void bs_camera_zoom(bs_camera* camera, double steps);

/// Drag to pan: the target slides in the felt's plane with the pixel motion.
void bs_camera_pan(bs_camera* camera, int width, int height, double dx, double dy);

#endif
