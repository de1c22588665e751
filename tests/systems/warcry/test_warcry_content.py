"""Warcry content loads through the loader; example warbands are playable."""

import pytest

from generator.content import check_file, load_file, load_roster
from generator.resources import content_dir

FILES = sorted((content_dir() / "warcry").glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_warcry_content_file_is_clean(path):
    assert check_file(path) == []


def test_two_example_warbands_of_about_a_thousand_points():
    bands = [load_roster(p)[1] for p in FILES if load_file(p).kind == "warband"]
    assert len(bands) >= 2
    for band in bands:
        assert band.example and 3 <= len(band.fighters) <= 15
        assert 800 <= band.total_points() <= 1000
        assert any("hero" in f.runemarks for f in band.fighters)
        assert {a.cost for a in band.ability_card.abilities} == {"double", "triple", "quad"}


def test_a_malformed_warband_lists_every_problem_with_file_and_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "system: warcry\nkind: warband\nname: Bad\nfaction: bad\nfighters:\n"
        "  - name: A\n    movement: 40\n    toughness: 4\n    wounds: 10\n"
        "    weapons:\n      - {max_range: 1, attacks: 3, strength: 4, dmg_hit: 3, dmg_crit: 2}\n"
        "  - name: B\n    movement: 4\n    toughness: 0\n    wounds: 10\n    weapons: []\n"
    )
    problems = check_file(bad)
    assert len(problems) == 4, problems
    assert any(":7:" in p and "40 is above the maximum 16" in p for p in problems)
    assert any("a critical hit never deals less" in p for p in problems)
    assert any(":14:" in p and "0 is below the minimum 1" in p for p in problems)
    assert any("number of weapons" in p for p in problems)
