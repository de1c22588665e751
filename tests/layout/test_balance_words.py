"""The balance page's words: the two sides' scores, as printed, add up to the whole."""

from types import SimpleNamespace

from generator.layout.balance_words import players_paragraph


def test_an_even_match_prints_two_scores_that_add_up_to_a_hundred():
    lean = SimpleNamespace(score=0.5, ci95=[0.47, 0.53], games=2000)
    balance = SimpleNamespace(verdict="balanced", balanced=True, win_rate_a=0.4855, ci95=[0.467, 0.504], games=2000,
                              mirror=False, search=None, knob=None, setup_lean=lean)
    sides = [{"label": "Player A", "force_name": "The Drowned Banner"},
             {"label": "Player B", "force_name": "The Ember Guard"}]
    text = players_paragraph(balance, sides, None)
    assert "Player A (The Drowned Banner) scored 48.5% and Player B (The Ember Guard) 51.5%" in text
