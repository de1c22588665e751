"""`skirmish create calc gorechosen`: options, prompts, refusals, and a roster file out."""

import pytest
import typer
from typer.testing import CliRunner

from generator.content import load_file
from generator.errors import SkirmishError
from generator.systems.gorechosen import SYSTEM
from generator.systems.gorechosen.calc import make_champion, parse_profile
from generator.systems.gorechosen.cost import rate


@pytest.fixture()
def app():
    root = typer.Typer()
    calc = typer.Typer()
    root.add_typer(calc, name="calc")

    @root.callback()
    def _cb():  # keeps "calc" a sub-command
        pass

    SYSTEM.register_calc(calc)
    return root


TARK_LIKE = ["--zone", "surround-lash", "--healthy", "near=3+/3", "--healthy", "far=4+/1",
             "--wounded", "near=4+/3", "--wounded", "far=5+/1", "--health", "5", "--wounded-box", "2"]


def test_tarks_printed_numbers_give_tarks_rating(app, tmp_path):
    """Tark's printed profiles with our zone and track are the reference: rating 100 for the numbers
    on the card, times the fitted factor of the builder's unique action the calculator gives him."""
    from generator.systems.gorechosen import data

    out = tmp_path / "tark.yaml"
    result = CliRunner().invoke(app, ["calc", "gorechosen", "--name", "Tark Again", *TARK_LIKE, "--out", str(out)])
    assert result.exit_code == 0, result.output
    loaded = load_file(out)
    factor = data.rating_reference().unique_actions.get(loaded.model.champions[0].unique_action.name, 1.0)
    assert f"Rating: {100 * factor:.1f}" in result.output
    loaded = load_file(out)
    assert loaded.kind == "roster" and loaded.model.champions[0].name == "Tark Again"


def test_parse_profile():
    assert parse_profile("near=3+/3")[0] == "near"
    assert parse_profile("4/2")[1].to_hit == 4
    with pytest.raises(SkirmishError, match=r"To Hit 1\+ is outside the allowed 2\+ to 6\+"):
        parse_profile("near=1+/3")
    with pytest.raises(SkirmishError, match="5 wounds a hit is outside the allowed 1 to 4"):
        parse_profile("near=3+/5")
    with pytest.raises(SkirmishError, match="BAND=TOHIT"):
        parse_profile("three plus")


def test_refusals_name_what_is_allowed():
    with pytest.raises(SkirmishError, match="choose one of front-arc"):
        make_champion("X", "blob", ["3+/3"])
    with pytest.raises(SkirmishError, match="has no band 'far'; choose one of near"):
        make_champion("X", "front-arc", ["far=3+/3"])
    with pytest.raises(SkirmishError, match="give a profile for band"):
        make_champion("X", "long-arc", ["near=3+/3"])
    with pytest.raises(SkirmishError, match="4 to 7 spaces"):
        make_champion("X", "front-arc", ["3+/3"], health=9)
    with pytest.raises(SkirmishError, match="from 1 to 4"):
        make_champion("X", "front-arc", ["3+/3"], health=5, wounded_boxes=[5])


def test_bad_option_is_a_skirmish_error_not_a_traceback(app):
    result = CliRunner().invoke(app, ["calc", "gorechosen", "--healthy", "near=9+/3"])
    assert isinstance(result.exception, SkirmishError)


def test_interactive_walks_through_the_steps(app, tmp_path):
    out = tmp_path / "i.yaml"
    answers = "\n".join(["Gorbash", "blob", "front-arc", "3", "3", "9", "4", "3", "5", "3"]) + "\n"
    result = CliRunner().invoke(app, ["calc", "gorechosen", "--interactive", "--out", str(out)], input=answers)
    assert result.exit_code == 0, result.output
    assert "running rating" in result.output
    assert "'blob' is not allowed: choose one of front-arc" in result.output
    champion = load_file(out).model.champions[0]
    assert champion.name == "Gorbash" and champion.health.length == 5
    assert champion.wounded.profiles["near"].to_hit == 4
    assert f"Rating: {rate(champion).rating:.1f}" in result.output
