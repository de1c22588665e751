"""Quick-reference sheets: rules summaries in our own words plus charts from the exact odds.

The chart numbers come from the dice engine (exact fractions, shown rounded); which rows and
columns to plot is data (``content/layout/reference.yaml``); the words and the drawing are the
template's (``templates/sheets/<system>.svg.j2``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


from generator.errors import RenderError
from generator.layout import pdf_writer, scene
from generator.files import atomic_path
from generator.layout.pdf import new_canvas
from generator.layout.render import naming_template, render_markup
from generator.layout.sizes import PageSize

SHEET_SYSTEMS = ("bladestorm", "bladeborn", "warcry", "sagaborn", "gorechosen")


def _settings() -> dict[str, Any]:
    from generator.layout.settings import Reference, settings_data

    return settings_data("layout/reference.yaml", Reference)


def _span(pair: list[int]) -> list[int]:
    return list(range(int(pair[0]), int(pair[1]) + 1))


def bladestorm_data(cfg: dict[str, Any]) -> dict[str, Any]:
    from generator.dice.bladestorm import attack_odds

    defenses = _span(cfg["defense"])
    series = [{"label": a, "values": [float(attack_odds(a, d, "High").hit_probability) for d in defenses]}
              for a in cfg["attacks"]]
    damage = [{"label": dmg, "mean": float(attack_odds(cfg["damage_attack"], 0, dmg).expected_damage)}
              for dmg in cfg["damages"]]
    return {"defenses": defenses, "series": series, "damage": damage, "damage_attack": cfg["damage_attack"]}


def attacks_data(cfg: dict[str, Any]) -> dict[str, Any]:
    from generator.dice.attacks import attack_odds, hit_threshold

    strengths, toughnesses = _span(cfg["strength"]), _span(cfg["toughness"])
    hit, crit = cfg["damage"]
    grid = [[float(attack_odds(cfg["attacks"], s, t, hit, crit).expected_damage) for t in toughnesses]
            for s in strengths]
    thresholds = [[hit_threshold(s, t) for t in toughnesses] for s in strengths]
    return {"strengths": strengths, "toughnesses": toughnesses, "grid": grid, "thresholds": thresholds,
            "attacks": cfg["attacks"], "dmg_hit": hit, "dmg_crit": crit,
            "max": max(max(row) for row in grid), "min": min(min(row) for row in grid)}


def sagaborn_data(cfg: dict[str, Any]) -> dict[str, Any]:
    from generator.dice.battle_dice import attack_odds

    atk, dfn = _span(cfg["attack_dice"]), _span(cfg["defense_dice"])
    grid = [[float(attack_odds(a, d).expected_damage) for d in dfn] for a in atk]
    wound = [[float(attack_odds(a, d).hit_probability) for d in dfn] for a in atk]
    return {"attack": atk, "defense": dfn, "grid": grid, "wound": wound, "max": max(max(r) for r in grid)}


def gorechosen_data(cfg: dict[str, Any]) -> dict[str, Any]:
    from generator.dice.gorechosen import attack_odds

    dice, to_hit = _span(cfg["dice"]), _span(cfg["to_hit"])
    hits = [[float(attack_odds(n, t, 1).expected_damage) for t in to_hit] for n in dice]
    any_hit = [[float(attack_odds(n, t, 1).hit_probability) for t in to_hit] for n in dice]
    return {"dice": dice, "to_hit": to_hit, "hits": hits, "any_hit": any_hit, "max": max(max(r) for r in hits)}


DATA = {"bladestorm": bladestorm_data, "bladeborn": attacks_data, "warcry": attacks_data,
        "sagaborn": sagaborn_data, "gorechosen": gorechosen_data}


def reference_drawings(system: str, page: PageSize, templates: Path | None = None, ink_saver: bool = False):
    """The sheet's pages. Backgrounds stop at the page's printable margin; ``ink_saver`` leaves out
    the page background and the title band (the title prints in the band's colour instead)."""
    if system not in SHEET_SYSTEMS:
        raise RenderError(f"no reference sheet for {system!r}: choose one of {', '.join(SHEET_SYSTEMS)}")
    data = DATA[system](_settings()[system])
    markup = render_markup(f"sheets/{system}.svg.j2",
                           {"page": {"w": page.width, "h": page.height, "name": page.name, "margin": page.margin,
                                     "ink_saver": ink_saver}, "data": data}, templates)
    with naming_template(f"sheets/{system}.svg.j2", templates):
        return scene.build_pages(markup, title=f"{system} reference")


def write_reference(system: str, page: PageSize, target: Path, templates: Path | None = None,
                    ink_saver: bool = False) -> int:
    """Write the reference PDF for ``system``; returns the number of pages."""
    drawings = reference_drawings(system, page, templates, ink_saver)
    with atomic_path(Path(target)) as tmp:
        canvas = new_canvas(tmp, page.width, page.height, f"{system} quick reference")
        for drawing in drawings:
            pdf_writer.draw_ops(canvas, drawing.ops, 0, 0, page.height)
            canvas.showPage()
        canvas.save()
    return len(drawings)
