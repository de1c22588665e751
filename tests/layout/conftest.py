"""Small rosters made in the test, one per system, shaped like the rules cores' models."""

import pytest

BLADESTORM = {"name": "Goblins of the Ash Lairs", "combatants": [
    {"name": "Sea-Troll", "race": "Troll", "size": "large", "base": '1.25"', "movement": 7, "melee_attack": "3D6+4",
     "melee_damage": "High+2", "defense": 10, "endurance": 51,
     "weapons": [{"name": "Large Claws", "attack": "3D6+4", "damage": "High+2"}], "special": "", "tpc": 480},
    {"name": "Cro", "race": "Greater Goblin", "size": "medium", "base": '1"', "movement": 6,
     "melee_attack": "2D6+D10+3", "melee_damage": "High+Low+2", "defense": 9, "endurance": 18,
     "weapons": [{"name": "2H-sword", "attack": "2D6+D10+3", "damage": "High+Low+2"}], "special": "", "tpc": 212},
    {"name": "Argh", "race": "Lesser Goblin", "movement": 5, "melee_attack": "3D6-2", "melee_damage": "High+2",
     "defense": 7, "endurance": 10, "weapons": [], "special": "", "tpc": 212},
    {"name": "Montu", "race": "Lesser Goblin", "movement": 5, "melee_attack": "3D6-1", "melee_damage": "High+2",
     "defense": 7, "endurance": 10, "weapons": [], "special": "", "tpc": 212},
]}

BLADEBORN = {"name": "Khagra's Ravagers", "reserve": 1, "combatants": [
    {"name": "Khagra the Usurper", "runemarks": ["hero", "leader"], "faction_runemark": "Khagra's Ravagers",
     "movement": 4, "toughness": 5, "wounds": 25, "points": 60,
     "weapons": [{"name": "Daemonbound axe", "min_range": 0, "max_range": 1, "attacks": 4, "strength": 5,
                  "dmg_hit": 3, "dmg_crit": 6},
                 {"runemark": "bow", "min_range": 3, "max_range": 8, "attacks": 2, "strength": 3,
                  "dmg_hit": 1, "dmg_crit": 3}]},
], "abilities": [
    {"cost": "double", "name": "Whispers of Chaos", "runemarks": [], "text": "Deal 2 damage or push one hex."},
    {"cost": "triple", "name": "Ravaging Advance", "runemarks": ["hero"], "text": "A bonus move action."},
]}

SAGABORN = {"name": "House Ka'Dal", "combatants": [
    {"name": "Halvar", "type": "hero", "cost": 60, "units": 1, "hp": 8, "move": 4, "range": 1, "attack": 4,
     "defense": 3, "height": 2, "special": {"name": "Shield Wall", "text": "Friends beside him defend better."},
     "icons": ["hand", "goblet"], "talents": ["Cleave"]},
]}

GORECHOSEN = {"name": "Pit", "champions": [
    {"name": "Tark Gruelgore",
     "healthy": {"profiles": {"near": {"to_hit": 3, "wounds": 3}, "far": {"to_hit": 4, "wounds": 1}},
                 "kill_zone": [{"q": 0, "r": -1, "band": "near"}, {"q": 1, "r": -1, "band": "near"},
                               {"q": 0, "r": -2, "band": "far"}]},
     "wounded": {"profiles": {"near": {"to_hit": 4, "wounds": 3}},
                 "kill_zone": [{"q": 0, "r": -1, "band": "near"}]},
     "health": {"length": 6, "wounded_boxes": [3, 4]},
     "unique_action": {"name": "Scourge", "text": "Roll four dice."},
     "unique_rule": {"name": "Blood Whip", "text": "Sixes make them discard.", "wounded": "Only if any 6s."},
     "fate_of_the_slain": "A final crack of the whip: Last Lash."},
]}

ROSTERS = {"bladestorm": BLADESTORM, "bladeborn": BLADEBORN, "warcry": BLADEBORN, "sagaborn": SAGABORN,
           "gorechosen": GORECHOSEN}


@pytest.fixture
def rosters():
    return ROSTERS
