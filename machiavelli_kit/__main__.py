import sys

from machiavelli_kit.cli import main

sys.exit(main())
