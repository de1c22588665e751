"""Field types shared by the models of every system: what a range of numbers may be.

A neutral module (pydantic only): models of every system, the boards and the layout import it.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator


def _forward(pair: tuple[int, int]) -> tuple[int, int]:
    low, high = pair
    if low > high:
        raise ValueError(f"{low}-{high} runs backwards: give the low end first (e.g. {high}-{low})")
    return pair


#: ``[low, high]``, both ends included, low not above high (a table row's roll, a cluster size).
Span = Annotated[tuple[int, int], AfterValidator(_forward)]
