// breakshot viewer: keeps the shared libraries loaded so far mapped until the
// process ends, for LeakSanitizer's sake (window.c calls it in ASan builds).
//
// glfwTerminate closes the display and unloads libGL, and with it the GL
// driver (Mesa's libGLX_mesa and swrast_dri.so). Memory the driver still
// holds in its globals then looks leaked to LeakSanitizer, allocated in a
// module it can no longer name, so no suppression can match it. Marking the
// libraries never-unload (RTLD_NODELETE) keeps that memory reachable, and a
// real leak in them would be reported with the library's name.
#ifndef BREAKSHOT_KEEP_LIBRARIES_H
#define BREAKSHOT_KEEP_LIBRARIES_H

/// Marks every shared library loaded now as never to be unloaded.
void bs_keep_libraries_loaded(void);

#endif
