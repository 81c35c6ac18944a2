#version 330 core
// The rectangles the pass covers, as triangles given in clip space.
layout(location = 0) in vec2 a_corner;

void main() {
	gl_Position = vec4(a_corner, 0.0, 1.0);
}
