"""Whatever the text, fitted lines stay inside their box and keep every word in order."""

from hypothesis import given, settings
from hypothesis import strategies as st

import pytest

from generator.layout.fonts import descent_em, text_width
from generator.layout.textfit import Word, fit
from generator.units import pt_to_mm

words = st.lists(st.text(alphabet="abcdefghijklmnopqrstuvwxyzWM<&\"'0123456789+-", min_size=1, max_size=12),
                 min_size=1, max_size=40)


@settings(max_examples=40, deadline=None)
@given(words=words, width=st.floats(15, 60), height=st.floats(5, 40))
def test_fitted_text_stays_in_its_box(words, width, height):
    fitted = fit([Word(w, "body") for w in words], width, height, size_pt=9, min_size_pt=5)
    assert 5 <= fitted.size_pt <= 9
    for run in fitted.runs:
        assert run.x >= -1e-9
        assert run.x + pt_to_mm(text_width(run.text, run.role, fitted.size_pt)) <= width + 1e-6
        # the descenders of the last line (g, p, y) stay inside the box too
        assert run.baseline + pt_to_mm(fitted.size_pt) * descent_em(run.role) <= height + 1e-6
    if not fitted.overflow:
        assert " ".join(r.text for r in fitted.runs).split() == words


def test_an_ellipsis_that_does_not_fit_after_the_last_word_moves_back_a_word():
    # Found by the property above: the bare ellipsis after '0' still overflowed a 15 mm line.
    words = ["000<W+", "000<W+", "00000-", "0", "0"]
    fitted = fit([Word(w, "body") for w in words], 15, 5, size_pt=9, min_size_pt=5)
    assert fitted.overflow
    for run in fitted.runs:
        assert run.x + pt_to_mm(text_width(run.text, run.role, fitted.size_pt)) <= 15 + 1e-6
    assert fitted.runs[-1].text.endswith("\u2026")


def test_a_box_that_holds_the_ascent_but_not_the_descenders_shrinks_the_text():
    one_line = pt_to_mm(10) * (0.8 + descent_em("body"))  # ascent to the bottom of a 'g'
    exact = fit([Word("gyp", "body")], 40, one_line, size_pt=10, min_size_pt=5)
    assert exact.size_pt == 10 and not exact.overflow
    short = fit([Word("gyp", "body")], 40, one_line - pt_to_mm(10) * 0.1, size_pt=10, min_size_pt=5)
    assert short.size_pt < 10  # no room for the descenders at 10 pt
    run = short.runs[0]
    assert run.baseline + pt_to_mm(short.size_pt) * descent_em("body") <= one_line - pt_to_mm(10) * 0.1 + 1e-9


@pytest.mark.parametrize("align", ["start", "middle", "end"])
def test_each_line_is_aligned_in_its_box(align):
    words = [Word(w, "body") for w in "Friends beside him defend better and strike harder".split()]
    fitted = fit(words, 30, 30, size_pt=8, min_size_pt=5, align=align)
    lines = {}
    for run in fitted.runs:
        lines.setdefault(run.baseline, []).append(run)
    assert len(lines) >= 2
    for runs in lines.values():
        left = min(r.x for r in runs)
        right = max(r.x + pt_to_mm(text_width(r.text, r.role, fitted.size_pt)) for r in runs)
        assert right <= 30 + 1e-6
        expected = {"start": (0.0, None), "middle": ((30 - (right - left)) / 2, None), "end": (None, 30.0)}[align]
        if expected[0] is not None:
            assert left == pytest.approx(expected[0], abs=1e-6)
        if expected[1] is not None:
            assert right == pytest.approx(expected[1], abs=1e-6)
