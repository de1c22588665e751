"""The five rules cores. Each sub-package exposes ``SYSTEM``; this module finds them by name."""

from __future__ import annotations

import importlib
from functools import partial

from generator import registry
from generator.errors import SkirmishError
from generator.systems.base import System

SYSTEM_NAMES: tuple[str, ...] = ("bladeborn", "warcry", "gorechosen", "bladestorm", "sagaborn")


def get_system(name: str) -> System:
    """The system called ``name`` (case-insensitive); a clear error lists the known ones."""
    key = name.strip().lower()
    if key not in SYSTEM_NAMES:
        raise SkirmishError(f"unknown system {name!r}: choose one of {', '.join(SYSTEM_NAMES)}")
    module = importlib.import_module(f"generator.systems.{key}")
    return module.SYSTEM


def _made(key: str) -> System:
    return importlib.import_module(f"generator.systems.{key}").SYSTEM


for _key in SYSTEM_NAMES:  # the content loader finds each system's file kinds through the registry
    registry.register_system(_key, partial(_made, _key))


def all_systems() -> list[System]:
    return [get_system(name) for name in SYSTEM_NAMES]
