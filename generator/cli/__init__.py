"""The ``skirmish`` command line: parse, call library functions, print. No rules live here."""
