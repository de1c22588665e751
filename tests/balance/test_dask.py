"""Battles on a Dask cluster give the same answer as local processes for the same seed."""

import time

import pytest

from generator.balance.matchup import play_verdict
from generator.balance.runner import DaskRunner
from generator.balance.sequential import Plan
from generator.dice.rng import Rng
from generator.errors import SkirmishError
from tests.balance import toy

distributed = pytest.importorskip("distributed")


def test_a_dask_cluster_gives_the_local_verdict():
    a, b = toy.force("warrior", "warrior", "scout"), toy.force("brute", "scout", "scout")
    local = play_verdict(toy.SYSTEM, a, b, {}, Rng(8), Plan(600))
    with distributed.LocalCluster(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            with DaskRunner(client) as runner:
                remote = play_verdict(toy.SYSTEM, a, b, {}, Rng(8), Plan(600), runner)
    assert remote.to_json() == local.to_json()


def test_a_scheduler_that_does_not_answer_is_one_line_within_seconds():
    started = time.monotonic()
    with pytest.raises(SkirmishError, match="--scheduler 127.0.0.1:9: no Dask scheduler answered"):
        DaskRunner("127.0.0.1:9")
    assert time.monotonic() - started < 15
