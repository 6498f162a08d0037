"""``python -m frames``: see frames.cli."""

import sys

from .cli import main

sys.exit(main())
