"""The template sandbox: a template lays out its data and can do nothing else, in bounded time
and memory. Each case is a whole class of template that once ran code or never finished."""

from __future__ import annotations

import time

import pytest

from generator.errors import RenderError
from generator.layout.render import render_markup


def _render(tmp_path, text, context=None):
    (tmp_path / "sheets").mkdir(exist_ok=True)
    (tmp_path / "sheets" / "t.svg.j2").write_text(text)
    return render_markup("sheets/t.svg.j2", context or {"data": {"n": 3, "names": ["Cro", "Argh"]}}, tmp_path)


def test_a_template_still_lays_out_its_data(tmp_path):
    text = ("{% set acc = namespace(items=[]) %}{% for n in data.names %}{% set acc.items = acc.items + [n | upper] %}"
            "{% endfor %}{{ acc.items | join(',') }} {{ data.n * 2 }} {{ 'Cro Argh'.split() | length }} "
            "{{ (2.6) | round }} {{ range(3) | list | sum }} {{ data.get('n') }} {{ ('a' ~ 'b') | title }}")
    assert _render(tmp_path, text) == "CRO,ARGH 6 2 3.0 3 3 Ab"


@pytest.mark.parametrize("text, refused", [
    ("{{ cycler }}", "'cycler' is undefined"),
    ("{{ lipsum(5) }}", "'lipsum' is undefined"),
    ("{{ data.names.append('x') }}", "refused: access to attribute 'append'"),
    ("{{ data.update({}) }}", "refused: access to attribute 'update'"),
    ("{{ 'x'.format(1) }}", "refused: access to attribute 'format'"),
    ("{{ 'x'.center(10**9) }}", "refused: access to attribute 'center'"),
    ("{{ 'x' | center(10**9) }}", "No filter named 'center'"),
    ("{{ 'x' | indent(10**9) }}", "No filter named 'indent'"),
    ("{{ '%999999999d' % 1 }}", "formats with a field width"),
    ("{{ 'x' * 10**9 }}", "repeats 1 characters or items 1,000,000,000 times"),
    ("{{ [0] * 10**9 }}", "repeats 1 characters or items"),
    ("{{ 10 ** 100000 }}", "raises to the power 100000"),
    ("{{ range(10**9) | list }}", "asks for a range of 1,000,000,000 numbers"),
    ("{% for i in range(900000) %}{% for j in range(900000) %}{% endfor %}{% endfor %}", "takes more than 2,000,000 steps"),
    ("{% set s = 'x' * 900000 %}{% for a in s %}{% for b in s %}{% endfor %}{% endfor %}", "takes more than 2,000,000 steps"),
    ("{% macro d(s, n) %}{{ d(s ~ s, n - 1) if n else s }}{% endmacro %}{{ d('xx', 40) }}", "joins text of"),
    ("{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}", "calls itself too deeply"),
    ("{{ (['x' * 900000] * 100) | join }}", "joins text of"),
    ("{{ ('x' * 900000) | replace('x', 'yyyy') }}", "replaces its way to more than"),
    ("{% for i in range(30) %}{{ 'x' * 900000 }}{% endfor %}", "writes more than 20,000,000 characters"),
    ("{{ text_height.__globals__ }}", "refused: access to attribute '__globals__'"),
    ("{{ data.__class__ }}", "refused: access to attribute '__class__'"),
    ("{{ [1, 'a'] | sort }}", "TypeError"),
    ("{% for x in %}", "Expected an expression"),
])
def test_a_template_that_overreaches_is_refused_quickly_naming_its_file(tmp_path, text, refused):
    started = time.process_time()
    with pytest.raises(RenderError) as err:
        _render(tmp_path, text)
    message = str(err.value)
    assert refused in message and f"template {tmp_path / 'sheets' / 't.svg.j2'}" in message and "\n" not in message
    assert time.process_time() - started < 20  # every limit is met within seconds


def test_modules_and_classes_in_the_data_lead_nowhere(tmp_path):
    import os

    for text in ("{{ data.os.environ }}", "{{ data.kind.mro }}", "{{ data.os.system }}"):
        with pytest.raises(RenderError, match="refused"):
            _render(tmp_path, text, {"data": {"os": os, "kind": int}})
