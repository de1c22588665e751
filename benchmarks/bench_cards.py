"""How long a 90-card deck takes to render to a print-ready PDF.

Run: python benchmarks/bench_cards.py [--count 90] [--backs]
Reports template rendering (Jinja2 + text fitting) and PDF writing separately, plus the total.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.layout.cards import cards_for  # noqa: E402
from generator.layout.deck import PrintOptions, render_card, write_sheets_pdf  # noqa: E402
from generator.layout.sizes import card_size, page_size  # noqa: E402

TEMPLATE_FIGHTERS = [
    {"name": "Sea-Troll", "race": "Troll", "size": "large", "base": '1.25"', "movement": 7, "melee_attack": "3D6+4",
     "melee_damage": "High+2", "defense": 10, "endurance": 51, "tpc": 480,
     "weapons": [{"name": "Large Claws", "attack": "3D6+4", "damage": "High+2"}],
     "special": "Regenerates two Endurance at the start of each of its turns while standing in water."},
    {"name": "Cro", "race": "Greater Goblin", "size": "medium", "base": '1"', "movement": 6,
     "melee_attack": "2D6+D10+3", "melee_damage": "High+Low+2", "defense": 9, "endurance": 18, "tpc": 212,
     "weapons": [{"name": "Two-handed sword", "attack": "2D6+D10+3", "damage": "High+Low+2"},
                 {"name": "Dagger", "attack": "2D6+1", "damage": "Low+1"}], "special": ""},
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=90, help="cards to print")
    parser.add_argument("--backs", action="store_true")
    args = parser.parse_args()
    roster = {"name": "Benchmark Host", "combatants": [
        dict(TEMPLATE_FIGHTERS[i % 2], name=f"{TEMPLATE_FIGHTERS[i % 2]['name']} {i + 1}") for i in range(args.count)
    ]}
    opts = PrintOptions(page=page_size("a4"), card=card_size("poker"), bleed=3, crop_marks=True, backs=args.backs)
    t0 = time.perf_counter()
    cards = cards_for("bladestorm", roster)
    drawings = [render_card(card, opts.card, opts.bleed) for card in cards]
    t1 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / "bench.pdf"
        _, sheets = write_sheets_pdf(target, drawings, opts)
        size = target.stat().st_size
    t2 = time.perf_counter()
    print(f"{len(cards)} cards, {sheets} sheets, {size / 1024:.0f} KiB PDF")
    print(f"render templates: {t1 - t0:.2f} s ({(t1 - t0) / len(cards) * 1000:.1f} ms/card)")
    print(f"write PDF:        {t2 - t1:.2f} s")
    print(f"total:            {t2 - t0:.2f} s")


if __name__ == "__main__":
    main()
