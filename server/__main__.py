"""`python -m server` is the `menudex` command."""

import sys

from server.cli import main

sys.exit(main())
