"""Allow ``python -m generator`` as an alias of the ``skirmish`` command."""

from generator.cli import main

main()
