"""The JSON reader: the data ``json`` would give, with YAML's checks and a line for every field."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.content.jsonsource import parse_json
from generator.errors import ContentError

P = Path("team.json")

_text = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Cn")) | st.sampled_from("\t\n"), max_size=20)
_scalars = st.none() | st.booleans() | st.integers(-2**62, 2**62) | \
    st.floats(allow_nan=False, allow_infinity=False) | _text
_documents = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=4) |
                          st.dictionaries(_text, inner, max_size=4), max_leaves=30)


@given(_documents, st.sampled_from([None, 1, 2]))
def test_any_document_reads_as_json_reads_it(data, indent):
    text = json.dumps(data, indent=indent, ensure_ascii=indent is None)
    assert parse_json(text, P).data == json.loads(text)


def test_every_field_has_its_line():
    text = '{\n  "name": "X",\n  "combatants": [\n    {"name": "Cro",\n     "defense": 7}\n  ]\n}\n'
    source = parse_json(text, P)
    assert source.line_of(("name",)) == 2
    assert source.line_of(("combatants", 0, "name")) == 4
    assert source.line_of(("combatants", 0, "defense")) == 5


@pytest.mark.parametrize("text, message", [
    ('{\n"a": 1,\n"a": 2}', "team.json:3: 'a' appears twice (lines 2 and 3); keep one"),
    ("[" * 60 + "]" * 60, "team.json:1: nested more than 50 levels deep"),
    ("[" * 200_000, "nested more than 50 levels deep"),
    ('{"a": NaN}', "team.json:1: not valid JSON: NaN is not a JSON value"),
    ('{"a": Infinity}', "Infinity is not a JSON value"),
    ('{"a": 1e400}', "team.json:1: a: inf is not a number a content file may hold"),
    ('{"a": ' + "9" * 5000 + "}", "a: 999999999999... (5000 digits) is too large"),
    ('{"a": 12345678901234567890}', "(20 digits) is too large"),
    ('{"a": "\\u001b[2J"}', "a: holds the character U+001B"),
    ('{"a": "\\ud800"}', "a: holds the character U+D800"),
    ('{"a\\u0007": 1}', "holds the character U+0007"),
    ('{"a": 1} x', "team.json:1: not valid JSON: more data after the end of the document"),
    ('{"a": 1,}', "expected a key in double quotes"),
    ("{'a': 1}", "expected a key in double quotes"),
    ("", "the file ends where a value should be"),
    ('{"a": [1, 2', "expected ',' or ']'"),
    ("[" + "0," * 250_000 + "0]", "holds more than 200,000 values"),
])
def test_bad_json_is_one_line_with_its_line(text, message):
    with pytest.raises(ContentError) as err:
        parse_json(text, P)
    assert message in str(err.value) and "\n" not in str(err.value)


def test_a_byte_order_mark_is_allowed():
    assert parse_json('\ufeff{"a": 1.5}', P).data == {"a": 1.5}
    assert math.isclose(parse_json("1e5", P).data, 100000.0)  # JSON's 1e5 is a number (YAML 1.1 read text)
