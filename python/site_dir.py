"""Prints where to install a pure Python package for the Python running this
script under an installation prefix: the first directory of its sys.path
under the prefix that holds packages (site-packages or dist-packages), so
that `meson install` lands where that Python looks. On Debian 12 that is
/usr/local/lib/python3.11/dist-packages for the prefix /usr/local and
/usr/lib/python3/dist-packages for /usr (meson's own choice for /usr/local,
lib/python3/dist-packages, is not on Debian's path). Prints nothing when no
such directory exists (another prefix: then meson's choice stands).

Usage: python3 site_dir.py PREFIX
"""

import os
import sys

prefix = os.path.normpath(sys.argv[1])
for entry in sys.path:
    entry = os.path.normpath(entry) if entry else ""
    if entry.startswith(prefix + os.sep) and os.path.basename(entry) in ("site-packages", "dist-packages"):
        print(entry)
        break
