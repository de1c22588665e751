"""Allow ``python -m generator`` as an alias of the ``skirmish`` command."""

from generator.cli.app import main

main()
