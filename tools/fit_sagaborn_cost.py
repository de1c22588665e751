"""Re-fit the SagaBorn squad cost model's free weights on battles played on the board.

The model (``generator/systems/sagaborn/cost.py``, doc ``docs/costs-sagaborn.md``) keeps its
structure: a unit's combat value is ``scale x sqrt(offence x durability)`` (Lanchester's square
law), scaled linearly by Move, Range and Height around a reference unit; a team's value is the
sum over its units plus its Talents at the book's printed costs. What the book leaves open, and
so what this script fits, is four numbers in ``content/sagaborn/cost-model.yaml``: ``scale``,
``per_move``, ``per_range`` and ``per_height``.

How: ``play`` rolls random teams (``create random --points``, budgets spread 300-500), plays a
sparse design of pairs (every team meets ``--opponents`` others, a connected circulant graph)
on the default battle with the greedy player, seats alternating, and stores the results; ``fit``
maximises the likelihood of those results under P(i beats j) = 1 / (1 + (V_j / V_i)^beta)
(V: the team's model value, so the square law's fighting-strength ratio (V_i / V_j)^2 is inside
beta) with a weak prior pulling each weight towards its talent-anchored value, and writes the
weights; ``--free-talents`` also fits one factor on the printed Talent costs, to report how far
the simulated worth of Talents disagrees with the book (the printed costs are never changed).

    python tools/fit_sagaborn_cost.py play --teams 20 --opponents 6 --battles 40 --seed 21 --out /tmp/po/sb-train.json
    python tools/fit_sagaborn_cost.py fit /tmp/po/sb-train.json --write
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.files import write_atomic  # noqa: E402  (content files are read by running battles: never half-written)

from generator.balance.calibrate import play_pairs  # noqa: E402
from generator.balance.runner import make_runner  # noqa: E402
from generator.dice.rng import Rng  # noqa: E402
from generator.systems import get_system  # noqa: E402
from generator.systems.sagaborn.models import Team  # noqa: E402


def teams_for(seed: int, count: int, low: int = 300, high: int = 500) -> list[Team]:
    """``count`` random teams at budgets spread evenly from ``low`` to ``high``."""
    system = get_system("sagaborn")
    rng = Rng(seed)
    out = []
    for i in range(count):
        budget = round(low + (high - low) * i / max(1, count - 1))
        built = system.build_random(rng.spawn(f"team-{i}"), points=budget)[0]
        out.append(built.combatant.model_copy(update={"name": f"team {i} ({budget})"}))
    return out


OFFSETS = (1, 3, 7, 5, 9, 2)


def circulant_pairs(n: int, opponents: int) -> list[tuple[int, int]]:
    """Every team meets ``opponents`` others: the teams 1, 3, 7, ... places away around a ring
    (connected, and mixing near and far budgets)."""
    pairs = set()
    for step in OFFSETS[: opponents // 2]:
        for i in range(n):
            j = (i + step) % n
            pairs.add((min(i, j), max(i, j)))
    return sorted(pairs)


def play(teams: list[Team], pairs, battles: int, seed: int, jobs: int = 1) -> list[dict]:
    system = get_system("sagaborn")
    options = {"points": max(t.total_cost for t in teams)}  # the battle's limit: the dearest team
    runner = make_runner(jobs)
    started = time.time()
    try:
        rows = play_pairs(system, teams, pairs, battles, Rng(seed), options, runner)
    finally:
        runner.close()
    print(f"played {len(pairs) * battles} battles in {time.time() - started:.0f} s", file=sys.stderr)
    return [{"i": r.i, "j": r.j, "games": r.games, "score_i": r.score_i} for r in rows]


def cmd_play(args) -> None:
    teams = teams_for(args.seed, args.teams)
    pairs = circulant_pairs(args.teams, args.opponents)
    results = play(teams, pairs, args.battles, args.seed, jobs=args.jobs)
    data = {"seed": args.seed, "battles_per_pair": args.battles,
            "teams": [t.model_dump(mode="json") for t in teams], "pairs": results}
    write_atomic(args.out, json.dumps(data))
    print(f"wrote {args.out}", file=sys.stderr)


# -- the model, in floats, for the optimiser ------------------------------------------------------

def team_features(team: Team) -> dict:
    """Per squad: units x combat core and the stats that scale it; the team's printed Talents
    and weapons (charged as printed)."""
    from generator.systems.sagaborn.cost import REFERENCE_HEIGHT, REFERENCE_MOVE, REFERENCE_RANGE, combat_core

    rows = []
    extras = 0.0
    for squad in team.squads:
        st = squad.stats
        rows.append([squad.units * combat_core(st), st.move - REFERENCE_MOVE, st.range - REFERENCE_RANGE,
                     st.height - REFERENCE_HEIGHT])
        extras += squad.talent_cost + squad.weapon_cost
    return {"squads": np.array(rows), "extras": extras}


NAMES = ("scale", "per_move", "per_range", "per_height")


class Model:
    """log V per team from ``[log scale, per_move, per_range, per_height, log talent factor, log beta]``."""

    def __init__(self, feats: list[dict]):
        self.feats = feats

    def values(self, x: np.ndarray) -> np.ndarray:
        scale, pm, pr, ph, log_t = math.exp(x[0]), x[1], x[2], x[3], x[4]
        out = []
        for f in self.feats:
            sq = f["squads"]
            out.append(float(np.sum(scale * sq[:, 0] * (1 + pm * sq[:, 1] + pr * sq[:, 2] + ph * sq[:, 3])))
                       + math.exp(log_t) * f["extras"])
        return np.array(out)


def nll(model: Model, x: np.ndarray, pairs: list[dict]) -> float:
    s = np.log(np.maximum(model.values(x), 1e-6)) * math.exp(x[5])
    i = np.array([p["i"] for p in pairs])
    j = np.array([p["j"] for p in pairs])
    wins = np.array([p["score_i"] for p in pairs])
    games = np.array([p["games"] for p in pairs], dtype=float)
    diff = s[i] - s[j]
    return float(-(wins * -np.logaddexp(0, -diff) + (games - wins) * -np.logaddexp(0, diff)).sum())


def fit(teams: list[Team], pairs: list[dict], free: tuple[str, ...], prior_sd: dict | None = None) -> dict:
    """Maximum a posteriori of the ``free`` weights (the rest stay at the talent-anchored values);
    a normal prior around the anchored value, ``prior_sd`` wide, keeps a weight the few teams say
    little about from running off."""
    from scipy.optimize import minimize

    from generator.systems.sagaborn.cost import anchored_calibration

    anchored = anchored_calibration()
    start = np.array([math.log(anchored.scale), anchored.per_move, anchored.per_range, anchored.per_height, 0.0, 0.0])
    index = {"scale": 0, "per_move": 1, "per_range": 2, "per_height": 3, "talents": 4, "beta": 5}
    prior_sd = prior_sd or {"scale": 0.5, "per_move": 0.1, "per_range": 0.1, "per_height": 0.1, "talents": 0.7}
    model = Model([team_features(t) for t in teams])
    names = list(free) + ["beta"]

    def unpack(y):
        x = start.copy()
        for k, name in enumerate(names):
            x[index[name]] = y[k]
        return x

    def objective(y):
        x = unpack(y)
        penalty = sum(((x[index[n]] - start[index[n]]) / prior_sd[n]) ** 2 / 2 for n in free)
        return nll(model, x, pairs) + penalty

    bounds = [(-3, 6) if n in ("scale", "talents", "beta") else (0.0, 0.45) for n in names]
    res = minimize(objective, np.array([start[index[n]] for n in names]), method="L-BFGS-B", bounds=bounds)
    x = unpack(res.x)
    return {"x": x, "nll": nll(model, x, pairs), "scale": math.exp(x[0]), "per_move": x[1], "per_range": x[2],
            "per_height": x[3], "talent_factor": math.exp(x[4]), "beta": math.exp(x[5]), "model": model}


def load_results(path: str) -> tuple[list[Team], list[dict]]:
    data = json.loads(Path(path).read_text())
    return [Team.model_validate(t) for t in data["teams"]], data["pairs"]


def cmd_fit(args) -> None:
    teams, pairs = load_results(args.results)
    games = sum(p["games"] for p in pairs)
    base = fit(teams, pairs, free=())
    new = fit(teams, pairs, free=NAMES)
    talents = fit(teams, pairs, free=NAMES + ("talents",))
    print(f"{len(teams)} teams, {len(pairs)} pairs, {games} battles")
    for label, r in (("talent-anchored", base), ("refit", new), ("refit, talents free", talents)):
        print(f"  {label:20s} loglik/battle {-r['nll'] / games:.4f}  scale {r['scale']:.3f}  move {r['per_move']:.4f}  "
              f"range {r['per_range']:.4f}  height {r['per_height']:.4f}  talents x{r['talent_factor']:.2f}  beta {r['beta']:.2f}")
    if args.write:
        path = Path(__file__).resolve().parents[1] / "content" / "sagaborn" / "cost-model.yaml"
        write_cost_model(new, talents, json.loads(Path(args.results).read_text())["seed"], len(teams), len(pairs), games, path)
        print(f"wrote {path}")


def write_cost_model(r: dict, talents: dict, seed: int, teams: int, pairs: int, games: int, path: Path) -> None:
    lines = [
        "# The free weights of the SagaBorn squad cost model (docs/costs-sagaborn.md). The book prints no",
        "# squad costs; these numbers are fitted on battles played on the board by the greedy player",
        "# (tools/fit_sagaborn_cost.py; run the tool, do not edit by hand). Talents are always charged at",
        "# the book's printed cost.",
        "system: sagaborn",
        "kind: cost_model",
        "name: SagaBorn squad cost model",
        "note: >",
        "  scale: points per unit of sqrt(offence x durability); per_move, per_range, per_height: the share",
        "  of a unit's combat value one hex of Move, one hex of Range, one level of Height above the",
        "  reference (Move 5, Range 1, Height 2) adds.",
        f"scale: {r['scale']:.5f}",
        f"per_move: {r['per_move']:.5f}",
        f"per_range: {r['per_range']:.5f}",
        f"per_height: {r['per_height']:.5f}",
        "fitted:",
        f"  seed: {seed}",
        f"  teams: {teams}",
        f"  pairs: {pairs}",
        f"  battles: {games}",
        f"  beta: {r['beta']:.4f}  # P(i beats j) = 1 / (1 + (value_j / value_i) ^ beta)",
        f"  talent_factor_if_free: {talents['talent_factor']:.3f}  # simulated worth of Talents / printed cost",
    ]
    write_atomic(path, "\n".join(lines) + "\n")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="roll random teams and play a sparse design of pairs")
    p.add_argument("--teams", type=int, default=20)
    p.add_argument("--opponents", type=int, default=6)
    p.add_argument("--battles", type=int, default=40)
    p.add_argument("--seed", type=int, default=21)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--out", required=True)
    p.set_defaults(run=cmd_play)
    p = sub.add_parser("fit", help="fit the weights on played results")
    p.add_argument("results")
    p.add_argument("--write", action="store_true", help="write them to content/sagaborn/cost-model.yaml")
    p.set_defaults(run=cmd_fit)
    args = parser.parse_args(argv)
    args.run(args)


if __name__ == "__main__":
    main()
