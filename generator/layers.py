"""The layers of the tool, bottom first: a module may import its own layer and the layers below.

``tests/test_architecture.py`` builds the import graph of ``generator/`` (every import, also
those inside functions) and fails on an import cycle or on an import that runs up this list;
CONTRIBUTING.md explains the order. A module belongs to the layer of the longest prefix that
names it: most layers are folders, but a folder whose parts serve two levels is named part by
part (the scenario documents that systems fill in sit below the systems; the scenario generator
that balances them sits above balance).

Nothing imports this module; it is the architecture written down where the test can read it.
"""

from __future__ import annotations

#: (layer, why it sits there, module prefixes), bottom first.
LAYERS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("foundation", "errors, names, units, files and the registry every layer plugs into",
     ("generator.errors", "generator.names", "generator.text", "generator.units", "generator.fields",
      "generator.files", "generator.resources", "generator.words", "generator.progress", "generator.compiled",
      "generator.registry", "generator.layers")),
    ("dice", "exact distributions and seeded sampling; no game rules beyond the dice",
     ("generator.dice",)),
    ("content", "reading and validating files; the models come from the registry",
     ("generator.content",)),
    ("boards", "geometry without rules: grids, sight lines, paths, map files, map generation",
     ("generator.boards",)),
    ("engine", "the state/legal actions/apply protocol, the board interface, the compiled cores, "
               "policies by System record, and running many battles of one System record",
     ("generator.play", "generator.balance.runner", "generator.balance.winrate", "generator.balance.sequential")),
    ("scenario documents", "the scenario file, the decks and the rule vocabulary a system's recipe fills in",
     ("generator.scenarios.rules", "generator.scenarios.schema", "generator.scenarios.checks", "generator.scenarios.model",
      "generator.scenarios.decks")),
    ("systems", "one rules core per system, built on the engine, the boards and the scenario documents",
     ("generator.systems",)),
    ("balance", "battles from roster files, verdicts, calibration, forces tuned to a budget",
     ("generator.play.simulate", "generator.balance")),
    ("scenarios", "the balanced random scenario: drawing, measuring, the briefing, campaigns",
     ("generator.scenarios",)),
    ("layout", "drawings, cards, maps, booklets and the files written from them",
     ("generator.layout",)),
    ("cli", "the commands (parse, call, print), the demo and the package root that wires the registry",
     ("generator.cli", "generator.demo", "generator.__main__", "generator")),
)


def layer_of(module: str) -> int:
    """The index in :data:`LAYERS` of dotted ``module`` (``generator.boards.los`` -> 3)."""
    best, found = -1, None
    for index, (_, _, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best:
                best, found = len(prefix), index
    if found is None:
        raise KeyError(f"{module} is in no layer of generator/layers.py")
    return found
