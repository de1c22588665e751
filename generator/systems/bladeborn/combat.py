"""Attack actions and damage in a Bladeborn battle, by the book.

A mixin of :class:`generator.systems.bladeborn.game.BladebornState`. An attack action rolls the
weapon's Attacks in action dice; rolls of 6 are critical hits, the rest hit on 3+, 4+ or 5+ by the
weapon's Strength against the target's Toughness; each hit deals the first Damage number, each
critical hit the second; a fighter is taken down when its damage tokens reach its Wounds. The
abilities that change an attack are carried out here too: Bribe the Fates' re-rolls (the player
picks the dice after seeing them), Sink Into the Mire's Strength, Crushing Shell's critical
damage, Hold the Vault's ward, and Riposte Stance's damage back once the attack is over.
"""

from __future__ import annotations

from generator.errors import SkirmishError
from generator.systems.bladeborn import mechanics as rules
from generator.systems.bladeborn.pieces import FighterInPlay


class Combat:
    """Attacks, damage and take-downs (see the module doc)."""

    def _do_attack(self, action, rng):
        return self._attack(action[1], action[2], rng) + self._action_made(rng)

    def _attack(self, target_id: str, weapon_index: int, rng, bonus: str | None = None) -> list[dict]:
        """Roll an attack action's dice; resolve it now, or after the player says which dice to
        re-roll (Bribe the Fates)."""
        act = self.activation
        fighter = self.fighters[act.fighter]
        if (target_id, weapon_index) not in self.targets(fighter):
            raise SkirmishError(f"bladeborn: {fighter.name} cannot attack {target_id} with weapon {weapon_index}")
        stats, _ = self.weapon_now(fighter, fighter.weapons[weapon_index])
        faces = rng.dice(stats["attacks"], 6)
        if act.rerolls:
            act.pending_attack = (target_id, weapon_index, tuple(faces), bonus)
            act.steps.insert(0, ("reroll", act.reroll_by, act.rerolls))
            act.rerolls = 0  # only the next attack action
            return []
        return self._resolve_attack(target_id, weapon_index, faces, bonus)

    def _resolve_attack(self, target_id: str, weapon_index: int, faces, bonus: str | None = None,
                        first=None, rerolled=()) -> list[dict]:
        act = self.activation
        fighter = self.fighters[act.fighter]
        target = self.fighters[target_id]
        weapon = fighter.weapons[weapon_index]
        stats, mods = self.weapon_now(fighter, weapon)
        _, strength, toughness, hit, crit = self.against(stats, weapon, target)
        hits, crits = rules.count_hits(faces, strength, toughness)
        damage = hits * hit + crits * crit
        event = self._event("attack", side=fighter.side, fighter=fighter.id, target=target_id, weapon=weapon_index,
                            rolls=list(faces), hits=hits, crits=crits, damage=damage)
        if first is not None:
            event.update(first_rolls=list(first), rerolled=list(rerolled), ability_reroll=act.reroll_by)
        mods = dict(mods)
        if strength != stats["strength"]:
            mods["strength"] = mods.get("strength", 0) + strength - stats["strength"]
        if mods:
            event["modifiers"] = mods
        if crit != stats["dmg_crit"]:
            event["crit_shield"] = True
        if bonus:
            event.update(bonus=True, ability=bonus)
        events = [event] + self._deal(target, damage, by=fighter, attack=event)
        if target.on and target.riposte and fighter.on:  # Riposte Stance: the attacker pays
            name = next((a.name for a in target.abilities if a.effect == "riposte"), "riposte")
            events.append(self._event("damage", side=fighter.side, fighter=fighter.id, damage=target.riposte,
                                      why=name, by=target.id))
            events += self._deal(fighter, target.riposte, by=target, why=name)
        return events

    def _deal(self, target: FighterInPlay, damage: int, by: FighterInPlay | None, attack: dict | None = None,
              why: str | None = None) -> list[dict]:
        """Damage tokens on ``target`` (less any ward it has, which the damage uses up), and its
        take-down when they reach its Wounds (scored for ``by``'s side)."""
        if damage > 0 and target.ward:
            warded = min(damage, target.ward)
            target.ward = 0
            damage -= warded
            if attack is not None:
                attack["damage"], attack["warded"] = damage, warded
            else:
                events = [self._event("warded", side=target.side, fighter=target.id, amount=warded)]
                return events + self._deal(target, damage, by, why=why)
        target.damage += damage
        if not rules.is_taken_down(target.damage, target.wounds):
            return []
        target.where, target.pos = "down", None
        target.clear_effects()
        self.version += 1
        self.layout += 1
        self.activations[target.side].taken_down(target.id)
        events = [self._event("taken_down", side=target.side, fighter=target.id)]
        if by is not None:
            if self.activation and self.activation.fighter == by.id:
                self.activation.took_down = True
            events += self._score_takedown(target, by.side)
        return events
