"""Run the command line: `python -m liarsdice ...` (see liarsdice.cli)."""

import sys

from liarsdice.cli import main

sys.exit(main())
