"""`python -m mimesis_model` is the `mimesis-model` command."""

import sys

from mimesis_model.cli import main

sys.exit(main())
