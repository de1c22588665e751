"""Re-fit the Gorechosen champion rating's free parameters on battles played on the board.

The rating (``generator/systems/gorechosen/cost.py``, doc ``docs/rating-gorechosen.md``) keeps
Lanchester's linear law: a champion's strength is damage per attack action times attack
actions survived, summed over its Healthy and Wounded phases. What the book leaves open, and
so what this script fits, is data in ``content/gorechosen/rating.yaml``:

* ``engagement``: where the enemy stands when a fighter attacks (eight groups of hexes by
  symmetry, one share each, shared out evenly inside a group);
* ``phase_weights``: how much a wound of the Healthy and of the Wounded phase is worth (the
  Wounded phase is reached only by a champion that lives long enough to use it);
* ``unique_actions`` and ``unique_rules``: one factor per entry of the builder's tables (the
  linear law prices the numbers on the card; a unique action or rule multiplies them).

How: ``play`` rolls a TRAINING set of random champions (``roll_champion`` with no budget, so the
ratings spread widely, or with ``--points`` the random builder's champions at budgets spread
around one rating, which is what the shipped fit uses: the rating must say which of two
champions of about the same rating is stronger), plays a round robin on the default arena with
the greedy player (seats alternating, as ``skirmish balance`` does) and stores the results;
``fit`` maximises the likelihood of those results under P(i beats j) = 1 / (1 + (R_j / R_i)^beta),
where R is the rating (so log R is a Bradley-Terry strength up to the scale beta), starting from
and weakly pulled towards the first assumed engagement (:data:`FIRST_SHARES`), and writes the
fitted coefficients to ``rating.yaml``; ``cv`` says which parts are worth fitting; ``evaluate``
plays a FRESH set (another seed, never fitted on) and reports Spearman and how many equal-rating
pairs are even, for the old and the new rating (``skirmish calibrate gorechosen --seed S`` is the
other check, with champions built by each rating).

The shipped rating, whose training set is kept in tools/data/gorechosen-rating/ (seed 501 played
with the assumed numbers of tests/systems/gorechosen/rating_first.yaml in use; a play with
another rating builds other champions):

    python tools/fit_gorechosen_rating.py play --champions 96 --battles 20 --points 100 --seed 501 --jobs 2 --out train.json
    # (then fit on it, and play seed 502 with that fit in rating.yaml)
    python tools/fit_gorechosen_rating.py cv tools/data/gorechosen-rating/gorechosen-train-50[12].json.gz
    python tools/fit_gorechosen_rating.py fit tools/data/gorechosen-rating/gorechosen-train-50[12].json.gz \
        --free engagement,wounded_weight,hits_cancelled,first_strike --write
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from itertools import combinations
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.files import write_atomic  # noqa: E402  (content files are read by running battles: never half-written)
if str(Path(__file__).resolve().parent) not in sys.path:  # also when loaded by file path (the tests)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from play_files import merged_plays, read_play  # noqa: E402

from generator.balance.forces import roster_from  # noqa: E402
from generator.balance.calibrate import play_pairs  # noqa: E402
from generator.balance.runner import make_runner  # noqa: E402
from generator.dice.rng import Rng  # noqa: E402
from generator.systems import get_system  # noqa: E402
from generator.systems.gorechosen.build import roll_champion  # noqa: E402
from generator.systems.gorechosen.build import upgrade_legacy  # noqa: E402
from generator.systems.gorechosen.models import Champion  # noqa: E402


def champions_for(seed: int, count: int, points: float | None = None, spread: float = 0.25) -> list[Champion]:
    """``count`` random champions, each from its own named stream of ``Rng(seed)``: rolled with no
    budget (ratings 5 to 340), or with ``points``, built to budgets spread evenly from
    ``points x (1 - spread)`` to ``points x (1 + spread)`` by the random builder (which keeps a
    champion rated 90-100% of its budget by the rating in use, so a play after a refit builds
    other champions; the training set behind a shipped rating is kept in tools/data/)."""
    from generator.systems.gorechosen.build import build_random

    rng = Rng(seed)
    out = []
    for i in range(count):
        if points is None:
            champion = roll_champion(rng.spawn(f"champion-{i}")).combatant
        else:
            budget = points * (1 - spread) + 2 * points * spread * i / max(1, count - 1)
            champion = build_random(rng.spawn(f"c-{i}"), 1, budget)[0].combatant
        out.append(champion.model_copy(update={"name": f"{champion.name} #{i}"}))
    return out


def play_round_robin(champions: list[Champion], battles: int, seed: int, pairs=None, jobs: int = 1) -> list[dict]:
    """Every pair (or the given ``pairs``) ``battles`` times on the default arena, seats alternating."""
    system = get_system("gorechosen")
    rosters = [roster_from(system, [c], c.name) for c in champions]
    pairs = list(pairs or combinations(range(len(champions)), 2))
    runner = make_runner(jobs)
    started = time.time()
    try:
        rows = play_pairs(system, rosters, pairs, battles, Rng(seed), {}, runner)
    finally:
        runner.close()
    print(f"played {len(pairs) * battles} battles in {time.time() - started:.0f} s", file=sys.stderr)
    return [{"i": r.i, "j": r.j, "games": r.games, "score_i": r.score_i} for r in rows]


def cmd_play(args) -> None:
    champions = champions_for(args.seed, args.champions, args.points, args.spread)
    # budgeted champions draw from streams of Rng(seed), so their duels take another seed
    duels = args.seed if args.points is None else args.seed + 1000
    results = play_round_robin(champions, args.battles, duels, jobs=args.jobs)
    data = {"seed": args.seed, "battles_per_pair": args.battles, "points": args.points,
            "spread": args.spread if args.points is not None else None,
            "champions": [c.model_dump(mode="json") for c in champions], "pairs": results}
    write_atomic(args.out, json.dumps(data))
    print(f"wrote {args.out}", file=sys.stderr)


# -- the model, in floats, for the optimiser ------------------------------------------------------

#: Hexes within two of a fighter at (0, 0) facing N, in groups that share one chance (left and
#: right mirror each other; the kill-zone shapes are symmetric).
GROUPS: dict[str, tuple[tuple[int, int], ...]] = {
    "adjacent ahead": ((0, -1),),
    "adjacent ahead-left/right": ((1, -1), (-1, 0)),
    "adjacent behind-left/right": ((1, 0), (-1, 1)),
    "adjacent behind": ((0, 1),),
    "two ahead": ((0, -2),),
    "two, beside two ahead": ((1, -2), (-1, -1)),
    "two, front corners": ((2, -2), (-2, 0)),
    "two, sides and behind": ((2, -1), (2, 0), (1, 1), (0, 2), (-1, 2), (-2, 2), (-2, 1)),
}
GROUP_NAMES = list(GROUPS)


CANCEL_LEVELS = (0, 1, 2)


def features(champion: Champion) -> dict:
    """What the rating needs of a champion, as floats: per phase, cancel level (hits a defence
    takes off) and group, the mean expected wounds of an attack on a hex of the group (0 off the
    kill zone); wounds of each phase; the unique action's name."""
    from fractions import Fraction

    from generator.systems.gorechosen import data
    from generator.systems.gorechosen.cost import _per_attack
    from generator.systems.gorechosen.mechanics import wounds_to_slay, wounds_until_wounded

    deck = data.action_deck()
    out = {}
    for phase, side in (("healthy", champion.healthy), ("wounded", champion.wounded)):
        zone = {h.offset: side.profiles[h.band] for h in side.kill_zone}
        levels = []
        for cancel in CANCEL_LEVELS:
            row = []
            for name in GROUP_NAMES:
                hexes = GROUPS[name]
                row.append(sum(float(_per_attack(deck, zone[h].to_hit, zone[h].wounds, Fraction(cancel)))
                               for h in hexes if h in zone) / len(hexes))
            levels.append(row)
        out[phase] = levels
    total = wounds_to_slay(champion.health.length)
    healthy = min(total, wounds_until_wounded(champion.health))
    out["wounds"] = [healthy, total - healthy]
    out["action"] = champion.unique_action.name
    return out


class Model:
    """log R for every champion from a parameter vector:
    ``[group logits (8, the first fixed at 0 by the softmax's freedom), log wounded weight,
    log action factors (one per builder action, mean zero), log beta]``."""

    def __init__(self, feats: list[dict], actions: list[str]):
        self.eh = np.array([f["healthy"] for f in feats])  # champion x cancel level x group
        self.ew = np.array([f["wounded"] for f in feats])
        self.hh = np.array([f["wounds"][0] for f in feats], dtype=float)
        self.hw = np.array([f["wounds"][1] for f in feats], dtype=float)
        self.actions = actions
        self.act = np.array([[1.0 if f["action"] == a else 0.0 for a in actions] for f in feats])
        self.n_groups = len(GROUP_NAMES)

    def unpack(self, x: np.ndarray) -> dict:
        g = len(GROUP_NAMES)
        logits = np.concatenate([[0.0], x[: g - 1]])
        shares = np.exp(logits - logits.max())
        shares /= shares.sum()
        k = g - 1
        w_wounded = math.exp(x[k])
        a = len(self.actions)
        log_f = x[k + 1: k + 1 + a]
        log_f = log_f - log_f.mean() if a else log_f
        beta = math.exp(x[k + 1 + a])
        cancel = 2 / (1 + math.exp(-x[k + 2 + a]))
        first_strike = 6 / (1 + math.exp(-x[k + 3 + a]))
        return {"shares": shares, "wounded_weight": w_wounded, "log_action": log_f, "beta": beta, "cancel": cancel,
                "first_strike": first_strike}

    def damage(self, e: np.ndarray, shares: np.ndarray, cancel: float) -> np.ndarray:
        """Damage per action with ``cancel`` hits taken off on average (a mixture of the whole
        numbers either side of it, so it is linear between them)."""
        low = min(int(cancel), len(CANCEL_LEVELS) - 2)
        frac = cancel - low
        return ((1 - frac) * e[:, low, :] + frac * e[:, low + 1, :]) @ shares

    def log_rating(self, x: np.ndarray) -> np.ndarray:
        p = self.unpack(x)
        d_h = self.damage(self.eh, p["shares"], p["cancel"])
        d_w = self.damage(self.ew, p["shares"], p["cancel"])
        head = p["first_strike"]
        hh = np.maximum(self.hh - head, 0.0)
        hw = np.maximum(self.hw - np.maximum(head - self.hh, 0.0), 0.0)
        r = d_h * hh + p["wounded_weight"] * d_w * hw
        return np.log(np.maximum(r, 1e-9)) + (self.act @ p["log_action"] if len(self.actions) else 0.0)

    def start(self, shares: np.ndarray, cancel: float = 0.0, first_strike: float = 0.0) -> np.ndarray:
        logits = np.log(np.maximum(shares, 1e-6))
        z = math.log(max(cancel, 1e-4) / max(2 - cancel, 1e-4))
        f = math.log(max(first_strike, 1e-4) / max(6 - first_strike, 1e-4))
        return np.concatenate([logits[1:] - logits[0], [0.0], np.zeros(len(self.actions)), [0.0], [z], [f]])


def nll(model: Model, x: np.ndarray, pairs: list[dict], prior: float = 0.5) -> float:
    """Negative log-likelihood of the results (draws half a win), plus a weak ridge on the
    logits and the log factors so shares no champion ever uses do not run off."""
    s = model.log_rating(x) * model.unpack(x)["beta"]
    i = np.array([p["i"] for p in pairs])
    j = np.array([p["j"] for p in pairs])
    wins = np.array([p["score_i"] for p in pairs])
    games = np.array([p["games"] for p in pairs], dtype=float)
    diff = s[i] - s[j]
    ll = wins * -np.logaddexp(0, -diff) + (games - wins) * -np.logaddexp(0, diff)
    return float(-ll.sum() + prior * (np.sum(x[:-3] ** 2)))


#: What can be fitted; ``DEFAULT_FREE`` is what the cross-validation (``cv``) kept: fitting the
#: engagement shares or the unique-action factors as well predicts held-out duels worse.
PARTS = ("engagement", "wounded_weight", "actions", "hits_cancelled", "first_strike")
DEFAULT_FREE = ("wounded_weight", "hits_cancelled", "first_strike")


def _indices(model: Model) -> dict[str, list[int]]:
    g, a = len(GROUP_NAMES), len(model.actions)
    return {"engagement": list(range(g - 1)), "wounded_weight": [g - 1], "actions": list(range(g, g + a)),
            "beta": [g + a], "hits_cancelled": [g + a + 1], "first_strike": [g + a + 2]}


def fit(champions: list[Champion], pairs: list[dict], free=DEFAULT_FREE, shares: np.ndarray | None = None,
        prior: float = 0.5, model: Model | None = None) -> dict:
    """Maximum likelihood of the ``free`` parts (the rest stay at the plain linear law: weights 1,
    no defence, no first strike, factors 1; the engagement at ``shares``, by default the first
    assumed one, :data:`FIRST_SHARES`), with a weak ridge (``prior``) on the logits and log
    factors towards that start."""
    from scipy.optimize import minimize

    if model is None:
        feats = [features(c) for c in champions]
        model = Model(feats, sorted({f["action"] for f in feats}))
    shares = FIRST_SHARES if shares is None else shares
    x0 = model.start(shares, cancel=0.5 if "hits_cancelled" in free else 0.0,
                     first_strike=1.0 if "first_strike" in free else 0.0)
    idx = _indices(model)
    for part in ("hits_cancelled", "first_strike"):
        if part not in free:
            x0[idx[part]] = -50.0  # the sigmoid's floor: 0
    chosen = sorted(k for part in list(free) + ["beta"] for k in idx[part])
    ridge = [k for part in free if part in ("engagement", "wounded_weight", "actions") for k in idx[part]]

    def objective(y):
        x = x0.copy()
        x[chosen] = y
        return nll(model, x, pairs, prior=0.0) + prior * float(np.sum((x[ridge] - x0[ridge]) ** 2))

    res = minimize(objective, x0[chosen], method="L-BFGS-B")
    x = x0.copy()
    x[chosen] = res.x
    if "engagement" in free:
        x = _fix_unused(model, x)
    return {"model": model, "x": x, "nll": nll(model, x, pairs, prior=0.0), "free": tuple(free), **model.unpack(x)}


def cross_validate(champions: list[Champion], pairs: list[dict], variants: dict[str, tuple], folds: int = 4,
                   seed: int = 0) -> dict[str, tuple[float, float]]:
    """Fit each variant on the duels among a random half of the champions and score it on the
    duels among the other half (log-likelihood per battle, Spearman against the held-out half's
    Bradley-Terry strengths), averaged over ``folds`` splits."""
    from generator.balance.calibrate import PairRow, bradley_terry, spearman

    feats = [features(c) for c in champions]
    model = Model(feats, sorted({f["action"] for f in feats}))
    rng = np.random.default_rng(seed)
    scores: dict[str, list[tuple[float, float]]] = {name: [] for name in variants}
    n = len(champions)
    for _ in range(folds):
        half = set(rng.permutation(n)[: n // 2].tolist())
        train = [p for p in pairs if p["i"] in half and p["j"] in half]
        test = [p for p in pairs if p["i"] not in half and p["j"] not in half]
        held = sorted(set(range(n)) - half)
        strengths = bradley_terry(n, [PairRow(p["i"], p["j"], p["games"], p["score_i"]) for p in test], alpha=0.01)
        games = sum(p["games"] for p in test)
        for name, free in variants.items():
            r = fit(champions, train, free=free, model=model)
            scores[name].append((-nll(model, r["x"], test, prior=0.0) / games,
                                 spearman(model.log_rating(r["x"])[held], strengths[held])))
    return {name: (float(np.mean([a for a, _ in v])), float(np.mean([b for _, b in v]))) for name, v in scores.items()}


#: No kill-zone shape of the builder (or of the book) reaches these hexes, so the results say
#: nothing of their share; it is set to what an open-arena duel simulator measured there (0.054 for
#: the eleven hexes two away outside the front, of which these are seven) and the other shares
#: are scaled to fill the rest, which leaves every rating's ratios unchanged.
UNUSED_GROUP, UNUSED_SHARE = "two, sides and behind", 0.034


def _fix_unused(model: Model, x: np.ndarray) -> np.ndarray:
    p = model.unpack(x)
    shares = p["shares"].copy()
    k = GROUP_NAMES.index(UNUSED_GROUP)
    others = 1 - shares[k]
    shares = shares * (1 - UNUSED_SHARE) / others
    shares[k] = UNUSED_SHARE
    y = x.copy()
    logits = np.log(shares)
    y[: len(GROUP_NAMES) - 1] = logits[1:] - logits[0]
    return y


#: The engagement we first assumed (docs/rating-gorechosen.md, "The two factors"), per group of
#: GROUP_NAMES: where a fit starts and what its weak prior pulls the shares towards. Fixed here,
#: not read from rating.yaml, so that fitting the same results always gives the same numbers
#: (rating.yaml holds the last fit's shares).
FIRST_SHARES = np.array([0.18, 0.24, 0.12, 0.04, 0.08, 0.12, 0.08, 0.14])


def load_results(paths) -> tuple[list[Champion], list[dict]]:
    """Champions and pairs of one or more ``play`` files, champion numbers made unique (the
    rating is read from each champion's card, so separate round robins fit together)."""
    champions, pairs, _ = merged_plays(paths, "champions")
    return [Champion.model_validate(upgrade_legacy(c)) for c in champions], pairs


def _seeds(paths) -> str:
    seeds = [str(read_play(p)["seed"]) for p in paths]
    return ("seed " if len(seeds) == 1 else "seeds ") + ", ".join(seeds)


def cmd_fit(args) -> None:
    champions, pairs = load_results(args.results)
    free = tuple(args.free.split(",")) if args.free else DEFAULT_FREE
    base = fit(champions, pairs, free=())
    new = fit(champions, pairs, free=free)
    games = sum(p["games"] for p in pairs)
    print(f"{len(champions)} champions, {len(pairs)} pairs, {games} battles; fitted: {', '.join(free)}")
    print(f"log-likelihood per battle: plain linear law {-base['nll'] / games:.4f}, refit {-new['nll'] / games:.4f}")
    for name, share in zip(GROUP_NAMES, new["shares"]):
        print(f"  {name:28s} {share:.3f}")
    print(f"  wounded weight {new['wounded_weight']:.3f}, hits cancelled {new['cancel']:.3f}, "
          f"first strike {new['first_strike']:.2f} wounds, beta {new['beta']:.3f}")
    for a, lf in zip(new["model"].actions, new["log_action"]):
        print(f"  action {a:16s} x{math.exp(lf):.3f}")
    if args.write:
        path = Path(__file__).resolve().parents[1] / "content" / "gorechosen" / "rating.yaml"
        write_rating_yaml(new, f"{len(pairs)} pairs, {_seeds(args.results)}", games, len(champions), path)
        print(f"wrote {path}")


def cmd_cv(args) -> None:
    champions, pairs = load_results(args.results)
    variants = {
        "plain linear law": (),
        "engagement": ("engagement",),
        "engagement + Wounded weight": ("engagement", "wounded_weight"),
        "engagement + weight + defence + first strike": ("engagement", "wounded_weight", "hits_cancelled", "first_strike"),
        "all five": PARTS,
        "defence": ("hits_cancelled",),
        "Wounded weight + defence": ("wounded_weight", "hits_cancelled"),
        "Wounded weight + defence + first strike": DEFAULT_FREE,
        "the same + unique actions": DEFAULT_FREE + ("actions",),
    }
    print(f"{'fitted':48s} held-out log-likelihood per battle   held-out Spearman")
    for name, (ll, rho) in cross_validate(champions, pairs, variants, folds=args.folds).items():
        print(f"{name:48s} {ll:.4f}                             {rho:.3f}")


def write_rating_yaml(result: dict, source: str, games: int, champions: int, path: Path) -> None:
    """The fitted numbers as ``content/gorechosen/rating.yaml`` (comments say where they came from)."""
    from generator.systems.gorechosen import data

    old = data.rating_reference()
    cells = []
    for name, share in zip(GROUP_NAMES, result["shares"]):
        hexes = GROUPS[name]
        for q, r in hexes:
            cells.append([name, q, r, round(float(share) / len(hexes), 6)])
    cells[max(range(len(cells)), key=lambda k: cells[k][3])][3] += round(1 - sum(c[3] for c in cells), 6)
    lines = [
        "system: gorechosen",
        "kind: rating",
        "name: Rating assumptions",
        "note: >",
        "  The free numbers of the champion rating (docs/rating-gorechosen.md), fitted on battles played",
        "  on the board by the greedy player (tools/fit_gorechosen_rating.py; do not edit by hand, run",
        "  the tool). engagement: where the enemy stands when a fighter wants to attack (offsets for a",
        "  fighter at (0, 0) facing N; one share per group of hexes, shared evenly inside the group).",
        "  phase_weights: what a wound of each phase is worth. unique_actions: a factor on the rating",
        "  per unique action of the random builder's table (the book's own unique actions are not rated).",
        f"reference: {old.reference}",
        "engagement:",
    ]
    group = None
    for name, q, r, p in cells:
        if name != group:
            lines.append(f"  # {name}")
            group = name
        lines.append(f"  - {{q: {q}, r: {r}, p: {p:.6f}}}")
    lines += [
        "phase_weights:",
        "  healthy: 1.0",
        f"  wounded: {result['wounded_weight']:.4f}",
        f"hits_cancelled: {result['cancel']:.4f}",
        f"first_strike: {result['first_strike']:.4f}",
        "unique_actions:",
    ]
    if "actions" in result["free"]:
        for a, lf in zip(result["model"].actions, result["log_action"]):
            lines.append(f"  {a}: {math.exp(lf):.4f}")
    else:
        lines[-1] = "unique_actions: {}  # not fitted: it predicted held-out duels worse (tools/fit_gorechosen_rating.py cv)"
    lines += [
        "fitted:",
        f"  results: {source}",
        f"  champions: {champions}",
        f"  battles: {games}",
        f"  fitted: [{', '.join(result['free'])}]",
        f"  beta: {result['beta']:.4f}  # P(i beats j) = 1 / (1 + (rating_j / rating_i) ^ beta)",
    ]
    write_atomic(path, "\n".join(lines) + "\n")


def load_reference(path: str):
    """A ``kind: rating`` file as the model (to rate with another set of assumptions)."""
    import yaml

    from generator.systems.gorechosen.models import RatingReference

    raw = yaml.safe_load(Path(path).read_text())
    return RatingReference.model_validate({k: v for k, v in raw.items() if k not in ("system", "kind")})


def cmd_evaluate(args) -> None:
    """Old against new rating on a FRESH set of champions (a seed the fit never saw)."""
    from generator.balance.calibrate import PairRow, bradley_terry, spearman
    from generator.systems.gorechosen import data
    from generator.systems.gorechosen.cost import rate

    champions = champions_for(args.seed, args.champions)
    ratings = {"before": [rate(c, reference=load_reference(args.old)).rating for c in champions],
               "after": [rate(c, reference=data.rating_reference()).rating for c in champions]}
    report: dict = {"seed": args.seed, "champions": args.champions, "battles_per_pair": args.battles,
                    "equal_battles": args.equal_battles, "equal_within": args.within}
    rr = play_round_robin(champions, args.battles, args.seed, jobs=args.jobs)
    strengths = bradley_terry(len(champions), [PairRow(p["i"], p["j"], p["games"], p["score_i"]) for p in rr])
    rng = np.random.default_rng(args.seed)
    for label, r in ratings.items():
        rho = spearman(r, list(strengths))
        equal = [(i, j) for i, j in combinations(range(len(champions)), 2)
                 if abs(r[i] - r[j]) <= args.within * (r[i] + r[j]) / 2]
        if len(equal) > args.pairs:
            equal = [equal[k] for k in sorted(rng.choice(len(equal), args.pairs, replace=False))]
        played = play_round_robin(champions, args.equal_battles, args.seed + 1000, pairs=equal, jobs=args.jobs)
        rates = [p["score_i"] / p["games"] for p in played]
        share = lambda lo, hi: sum(lo <= x <= hi for x in rates) / len(rates) if rates else float("nan")  # noqa: E731
        report[label] = {"spearman": round(rho, 4), "equal_pairs": len(rates), "share_45_55": round(share(0.45, 0.55), 4),
                         "share_40_60": round(share(0.40, 0.60), 4),
                         "mean_abs_deviation": round(float(np.mean([abs(x - 0.5) for x in rates])), 4) if rates else None}
        print(f"{label}: Spearman {rho:.3f}; {len(rates)} equal-rating pairs (within {args.within:.0%}), "
              f"{share(0.45, 0.55):.0%} in 45-55%, {share(0.40, 0.60):.0%} in 40-60%")
    if args.out:
        report["round_robin"] = rr
        write_atomic(args.out, json.dumps(report, indent=1))


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="roll random champions and play a round robin")
    p.add_argument("--champions", type=int, default=64)
    p.add_argument("--battles", type=int, default=16)
    p.add_argument("--points", type=float, help="build champions to budgets around this rating (default: no budget)")
    p.add_argument("--spread", type=float, default=0.25, help="budgets from points x (1 - spread) to x (1 + spread)")
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--out", required=True)
    p.set_defaults(run=cmd_play)
    p = sub.add_parser("fit", help="fit the rating's free parameters on played results")
    p.add_argument("results", nargs="+")
    p.add_argument("--write", action="store_true", help="write them to content/gorechosen/rating.yaml")
    p.add_argument("--free", help=f"comma-separated parts to fit, of {', '.join(PARTS)} (default: {','.join(DEFAULT_FREE)})")
    p.set_defaults(run=cmd_fit)
    p = sub.add_parser("cv", help="cross-validate which parts are worth fitting")
    p.add_argument("results", nargs="+")
    p.add_argument("--folds", type=int, default=4)
    p.set_defaults(run=cmd_cv)
    p = sub.add_parser("evaluate", help="old against new rating on a fresh set of champions")
    p.add_argument("--old", required=True, help="the rating.yaml of before the fit")
    p.add_argument("--champions", type=int, default=40)
    p.add_argument("--battles", type=int, default=30, help="battles per pair of the round robin (Spearman)")
    p.add_argument("--equal-battles", type=int, default=200, help="battles per equal-rating pair")
    p.add_argument("--pairs", type=int, default=40, help="equal-rating pairs to play, at most")
    p.add_argument("--within", type=float, default=0.05)
    p.add_argument("--seed", type=int, default=12)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--out")
    p.set_defaults(run=cmd_evaluate)
    args = parser.parse_args(argv)
    args.run(args)


if __name__ == "__main__":
    main()
