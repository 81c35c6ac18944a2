// breakshot view: the command's descriptor, compiled whether or not the build
// has the viewer, so that `breakshot help` lists it the same in both. Its
// main is cmd_view.c's, or view_unavailable.c's without the viewer.
#include "cli.h"
#include "commands.h"

// The default size, as the help quotes it.
#define DEFAULT_SIZE_TEXT BS_STRINGIFY(BS_VIEW_DEFAULT_WIDTH) "x" BS_STRINGIFY(BS_VIEW_DEFAULT_HEIGHT)

const bs_command bs_view_command = {
	.name = "view",
	.synopsis = "SCENE [--screenshot FILE.png] [--at T | --events N] [--size WxH]\n"
				"  [--keys KEYS] [--out FILE] [--frames N]\n"
				"--game GAME [--players A,B] [--seed S] [--points N]\n"
				"  [--keys KEYS] [--save FILE] [--size WxH]\n"
				"  [--screenshot FILE.png] [--out FILE] [--frames N]\n"
				"--game-file FILE [--keys KEYS] [--save FILE] [--size WxH]\n"
				"  [--screenshot FILE.png] [--out FILE] [--frames N]",
	.summary = "open the OpenGL viewer on a scene or on a game to play, or render one frame to a PNG (--screenshot) "
			   "or write the state shown as a scene (--out)",
	.details = "--at T (an absolute time) or --events N (N events on, as pressing the n key N times) chooses the state "
			   "shown; --keys then plays KEYS exactly as if typed, a character a key. --screenshot renders that state "
			   "to a PNG (off screen, but with a display: 'xvfb-run -a' headless) and --out writes it as a scene (no "
			   "display needed; at the instant of a strike made in the viewer, the shot with its cue, for 'breakshot "
			   "run'); without either a window opens. --size is the window's or the PNG's size in pixels "
			   "(default " DEFAULT_SIZE_TEXT "). --frames N closes the window after N frames drawn without vsync and "
			   "prints the mean frame time (leaving out the first 10, which compile the driver's shaders, when N is "
			   "40 or more) and how many shot previews those frames simulated; with --screenshot it writes the last "
			   "frame as the window showed it (FXAA under llvmpipe) instead.\n\n"
			   "--game GAME plays a new game of GAME (9-ball, 8-ball, 10-ball, snooker, three-cushion: as 'breakshot "
			   "play') racked with seed S (default 1) between players A and B, to N points in three-cushion; "
			   "--game-file FILE continues a game saved by --save or 'breakshot play --save'. Two players take turns: "
			   "the mouse aims (or places the cue ball in hand), a click on a pocket calls it, and each shot is judged "
			   "by the game's rules and played out (docs/viewer.md, \"Playing a game\"). --save writes the game as it "
			   "stands when the viewer ends: when the window closes, or after the keys when no window opens. Keys that "
			   "quit (q) open no window and need no display.\n\n"
			   "exit status: 0 done; 2 on bad input (arguments, the scene or game, an output that cannot be created, "
			   "or two of SCENE, --screenshot, --out and --save naming the same file); 1 when no window can open (no "
			   "display) or writing fails",
	.main = bs_cmd_view,
};
