"""The command line. :func:`main` is the ``skirmish`` script: it catches Ctrl-C even while the
command modules are still being imported (start-up), so an interrupt is one line and exit 130."""


def main(argv: list[str] | None = None) -> None:
    import sys

    try:
        from generator.cli.app import main as run
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        sys.exit(130)
    run(argv)
