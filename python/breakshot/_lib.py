"""The C library, loaded with ctypes: its structs and its functions' types.

The library is found, in order, through:

1. the library a wheel (``pip install .``) carries inside the package,
   ``libbreakshot.so`` beside this file: a wheel's package loads its own,
   whatever the environment says;
2. the environment variable ``BREAKSHOT_LIBRARY``, the path of the shared
   library file (an uninstalled build tree: ``build/libbreakshot.so``);
3. the library directory ``meson install`` put it in, written into
   ``_config.py`` at install time;
4. the dynamic linker's own search (``LD_LIBRARY_PATH``, the ld.so cache) for
   ``libbreakshot.so.0``.

The structs below mirror ``include/breakshot/*.h`` field for field; only the
ones Python reads or fills are declared. Everything else (worlds, scenes) is
held through an opaque pointer.
"""

import ctypes
import os

ENVIRONMENT_VARIABLE = "BREAKSHOT_LIBRARY"
SONAME = "libbreakshot.so.0"


class Vec2(ctypes.Structure):
    _fields_ = [("x", ctypes.c_double), ("y", ctypes.c_double)]


class Vec3(ctypes.Structure):
    _fields_ = [("x", ctypes.c_double), ("y", ctypes.c_double), ("z", ctypes.c_double)]


class CEvent(ctypes.Structure):
    """bs_event (world.h)."""

    _fields_ = [
        ("kind", ctypes.c_int),
        ("time", ctypes.c_double),
        ("a", ctypes.c_int),
        ("b", ctypes.c_int),
        ("impulse", ctypes.c_double),
        ("point", Vec2),
        ("normal", Vec2),
    ]


class CBallState(ctypes.Structure):
    """bs_ball_state (world.h)."""

    _fields_ = [
        ("id", ctypes.c_int),
        ("pos", Vec2),
        ("vel", Vec2),
        ("omega", Vec3),
        ("motion", ctypes.c_int),
        ("kind", ctypes.c_int),
        ("radius", ctypes.c_double),
        ("mass", ctypes.c_double),
        ("pocketed", ctypes.c_bool),
        ("pocket", ctypes.c_int),
        ("pocket_time", ctypes.c_double),
    ]


class CTotals(ctypes.Structure):
    """bs_totals (world.h)."""

    _fields_ = [
        ("kinetic_energy", ctypes.c_double),
        ("translational_energy", ctypes.c_double),
        ("rotational_energy", ctypes.c_double),
        ("momentum", Vec2),
        ("balls_on_table", ctypes.c_int),
        ("pocketed_energy", ctypes.c_double),
    ]


class CCueDef(ctypes.Structure):
    """bs_cue_def (scene.h)."""

    _fields_ = [
        ("speed", ctypes.c_double),
        ("stick", ctypes.c_bool),
        ("has_aim", ctypes.c_bool),
        ("aim", Vec2),
        ("angle_deg", ctypes.c_double),
        ("tip", Vec2),
        ("elevation_deg", ctypes.c_double),
        ("squirt", ctypes.c_bool),
        ("ball", ctypes.c_int),
    ]


BUNDLED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "libbreakshot.so")


def _candidates():
    if os.path.isfile(BUNDLED):
        return [BUNDLED]
    path = os.environ.get(ENVIRONMENT_VARIABLE)
    if path:
        return [path]
    found = []
    try:
        from . import _config

        found.append(os.path.join(_config.LIBDIR, SONAME))
    except ImportError:  # an uninstalled tree has no _config.py
        pass
    found.append(SONAME)
    return found


def _open():
    tried = []
    for candidate in _candidates():
        try:
            return ctypes.CDLL(candidate)
        except OSError as error:
            tried.append(str(error))
    raise ImportError(
        "breakshot: cannot load the C library libbreakshot (pip install . carries it in the package; "
        f"or install it with `meson install`, or set {ENVIRONMENT_VARIABLE} to the path of libbreakshot.so): "
        + "; ".join(tried)
    )


lib = _open()
_libc = ctypes.CDLL(None)

_world = ctypes.c_void_p
_scene = ctypes.c_void_p
_trajectory = ctypes.c_void_p
_error = ctypes.c_char_p


def _declare(name, restype, *argtypes):
    function = getattr(lib, name)
    function.restype = restype
    function.argtypes = list(argtypes)
    return function


scene_create = _declare("bs_scene_create", _scene, ctypes.c_char_p, _error, ctypes.c_size_t)
scene_create_text = _declare(
    "bs_scene_create_text", _scene, ctypes.c_char_p, ctypes.c_char_p, _error, ctypes.c_size_t
)
scene_destroy = _declare("bs_scene_destroy", None, _scene)
scene_warning_count = _declare("bs_scene_warning_count", ctypes.c_int, _scene)
scene_warning = _declare("bs_scene_warning", ctypes.c_char_p, _scene, ctypes.c_int)
scene_create_world = _declare("bs_scene_create_world", _world, _scene)
scene_dump_world = _declare("bs_scene_dump_world", ctypes.POINTER(ctypes.c_char), _world)
default_cue_def = _declare("bs_default_cue_def", CCueDef)
shot_strike = _declare("bs_shot_strike", _world, _world, ctypes.POINTER(CCueDef), _error, ctypes.c_size_t)
shot_run = _declare("bs_shot_run", ctypes.c_int, _world, ctypes.POINTER(CEvent), ctypes.c_int)
shot_ball_states = _declare("bs_shot_ball_states", None, _world, ctypes.c_double, ctypes.POINTER(CBallState))
world_destroy = _declare("bs_world_destroy", None, _world)
world_time = _declare("bs_world_time", ctypes.c_double, _world)
world_step = _declare("bs_world_step", ctypes.c_bool, _world)
world_peek = _declare("bs_world_peek", ctypes.c_bool, _world, ctypes.POINTER(CEvent))
world_peek_until = _declare("bs_world_peek_until", ctypes.c_bool, _world, ctypes.c_double, ctypes.POINTER(CEvent))
world_advance = _declare("bs_world_advance", ctypes.c_int64, _world, ctypes.c_double, ctypes.c_int64)
world_reached_time_limit = _declare("bs_world_reached_time_limit", ctypes.c_bool, _world)
world_last_event = _declare("bs_world_last_event", CEvent, _world)
world_event_count = _declare("bs_world_event_count", ctypes.c_int64, _world)
world_ball_count = _declare("bs_world_ball_count", ctypes.c_int, _world)
world_totals = _declare("bs_world_totals", CTotals, _world)
world_physics = _declare("bs_world_physics", ctypes.c_int, _world)
world_validate = _declare("bs_world_validate", ctypes.c_bool, _world, ctypes.c_char_p, ctypes.c_size_t)
trajectory_create = _declare("bs_trajectory_create", _trajectory, _world)
trajectory_destroy = _declare("bs_trajectory_destroy", None, _trajectory)
trajectory_run = _declare("bs_trajectory_run", ctypes.c_int, _trajectory, _world, ctypes.POINTER(CEvent), ctypes.c_int)
trajectory_start_time = _declare("bs_trajectory_start_time", ctypes.c_double, _trajectory)
trajectory_end_time = _declare("bs_trajectory_end_time", ctypes.c_double, _trajectory)
trajectory_states = _declare(
    "bs_trajectory_states", None, _trajectory, ctypes.POINTER(ctypes.c_double), ctypes.c_int64,
    ctypes.POINTER(CBallState)
)
event_kind_name = _declare("bs_event_kind_name", ctypes.c_char_p, ctypes.c_int)
motion_state_name = _declare("bs_motion_state_name", ctypes.c_char_p, ctypes.c_int)
ball_kind_name = _declare("bs_ball_kind_name", ctypes.c_char_p, ctypes.c_int)

_free = _libc.free
_free.restype = None
_free.argtypes = [ctypes.c_void_p]


def take_text(pointer):
    """The text of a malloc'd C string, which it frees; None for NULL."""
    if not pointer:
        return None
    try:
        return ctypes.cast(pointer, ctypes.c_char_p).value.decode("utf-8")
    finally:
        _free(pointer)


# Limits from world.h, checked in Python where the C library would assert.
MAX_TIME = 16384.0
DEFAULT_RADIUS = 0.028575
DEFAULT_MASS = 0.17
ERROR_SIZE = 1024


# Aiming (aim.h), for _aim.py.
class CAim(ctypes.Structure):
    """bs_aim (aim.h)."""

    _fields_ = [
        ("direction", Vec2),
        ("angle_deg", ctypes.c_double),
        ("ghost", Vec2),
        ("travel", ctypes.c_double),
        ("cut_deg", ctypes.c_double),
        ("object_direction", Vec2),
    ]


class CPocketAim(ctypes.Structure):
    """bs_pocket_aim (aim.h)."""

    _fields_ = [
        ("aim", CAim),
        ("target", Vec2),
        ("object_travel", ctypes.c_double),
        ("cue_blocker", ctypes.c_int),
        ("object_blocker", ctypes.c_int),
    ]


aim_status_message = _declare("bs_aim_status_message", ctypes.c_char_p, ctypes.c_int)
aim_cut = _declare(
    "bs_aim_cut", ctypes.c_int, Vec2, ctypes.c_double, Vec2, ctypes.c_double, ctypes.c_double, ctypes.POINTER(CAim)
)
aim_cut_angle = _declare(
    "bs_aim_cut_angle", ctypes.c_int, Vec2, ctypes.c_double, Vec2, Vec2, ctypes.c_double, ctypes.POINTER(CAim)
)
aim_to_point = _declare(
    "bs_aim_to_point", ctypes.c_int, Vec2, ctypes.c_double, Vec2, ctypes.c_double, Vec2, ctypes.POINTER(CAim)
)
aim_pocket_target = _declare("bs_aim_pocket_target", ctypes.c_int, ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(Vec2))
aim_to_pocket = _declare(
    "bs_aim_to_pocket", ctypes.c_int, _world, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.POINTER(CPocketAim)
)
aim_world_table = _declare("bs_world_table", ctypes.c_void_p, _world)
