"""Whatever the text, fitted lines stay inside their box and keep every word in order."""

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.layout.fonts import text_width
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
        assert run.baseline <= height + 1e-6
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
