"""Bladeborn campaigns: connected battles between two rivals, by the book's steps.

* :mod:`.tiebreak` -- the tiebreakers that give every campaign battle a winner;
* :mod:`.cards` -- convergence cards (with the artefact of power or reward on each back) and
  lesser artefacts, as content models; :mod:`.decks` finds them in the content library;
* :mod:`.file` -- the campaign file (``kind: campaign``), checked with file:line errors;
* :mod:`.steps` -- the campaign's rules as small functions over the campaign file's model;
* :mod:`.effects` -- what the cards in play do to a battle's inputs (rosters, battle card,
  twist-like rules), so the battle engine plays them with the vocabulary it already has;
* :mod:`.play` -- the engine plays the next battle; :mod:`.simulate` plays whole campaigns.
"""

from __future__ import annotations

from generator.systems.bladeborn.campaign.tiebreak import BattleEnd, end_from_log, tiebreak

__all__ = ["BattleEnd", "end_from_log", "tiebreak"]
