"""A generated scenario as data: the file's fields from the parts drawn and the forces found.

:func:`scenario_data` assembles the document :mod:`generator.scenarios.model` validates (title and
tale from the seed, the drafted map, deployment, objectives, victory and twist, both forces, the
budgets and the balance block); :func:`validated` checks it as any scenario file is checked.
"""

from __future__ import annotations

from generator.dice.rng import Rng


def scenario_data(system, seed: int, parts: dict, forces: dict, budgets: dict, balance: dict | None,
                   picked: dict | None = None) -> dict:
    from generator.balance.forces import force_name
    from generator.scenarios import tale
    from generator.scenarios.model import roster_dump

    names = {s: force_name(forces[s], s.upper()) for s in ("a", "b")}
    scoring = [s["kind"] for s in parts["victory"]["scoring"]]
    twist = parts.get("twist")
    data = {
        "system": system.name, "kind": "scenario", "seed": seed,
        "title": tale.title(system.name, parts.get("title_card"), None, seed),
        "tale": tale.tell(system.name, names["a"], names["b"], scoring, seed, twist["name"] if twist else None),
        "map": parts["map"], "deployment": parts["deployment"], "objectives": parts["objectives"],
        "victory": parts["victory"], "budgets": budgets,
        "forces": {s: roster_dump(forces[s]) for s in ("a", "b")},
    }
    if twist:
        data["twist"] = twist
    if picked:
        data["pick"] = picked
    if balance is not None:
        data["balance"] = balance
    return data


#: Names for generated forces (our own words), two drawn per scenario.
FORCE_NAMES = ("The Ashen Host", "The Iron Oath", "The Grey Wolves", "The Salt Company", "The Red Lanterns",
               "The Hollow Crown", "The Black Reeds", "The Last Watch", "The Ember Guard", "The Drowned Banner",
               "The Bone Choir", "The Gilded Knives", "The Thorn Kin", "The Storm Riders", "The Silent Court",
               "The Broken Wheel")


def force_names(system_name: str, rng: Rng) -> list[str]:
    """The two generated forces' names: drawn from the seed and the system, so one seed does not
    name the forces alike in every system."""
    return rng.spawn(f"names {system_name}").sample(list(FORCE_NAMES), 2)


def validated(data: dict):
    from generator.scenarios.model import validate

    return validate(data, name="generated scenario")

