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
     "weapons": [{"name": "Daemonbound axe", "min_range": 1, "max_range": 1, "attacks": 4, "strength": 5,
                  "dmg_hit": 3, "dmg_crit": 6}]},
], "abilities": [
    {"cost": "double", "name": "Whispers of Chaos", "runemarks": [], "text": "Deal 2 damage or push one hex."},
    {"cost": "triple", "name": "Ravaging Advance", "runemarks": ["hero"], "text": "A bonus move action."},
]}

SAGABORN = {"name": "House Ka'Dal", "combatants": [
    {"name": "Halvar", "squad_cost": 60, "hp": 8, "move": 4, "range": 1, "attack": 4, "defense": 3, "height": 2,
     "squad_type": "Hero", "special": "Shield wall.", "talents": ["Cleave"],
     "permissions": {"talents": True, "relics": True, "weapons": False}},
]}

GORECHOSEN = {"name": "Pit", "combatants": [
    {"name": "Tark Gruelgore",
     "profiles": {"healthy": [{"to_hit": 3, "wounds": 3}], "wounded": [{"to_hit": 4, "wounds": 3}]},
     "kill_zone": {"healthy": [[0, -1, 0], [1, -1, 0]], "wounded": [[0, -1, 0]]},
     "health": 8, "wounded_boxes": 2,
     "unique_action": {"name": "Scourge", "text": "Roll four dice."},
     "unique_rule": {"name": "Blood Whip", "text": "Sixes make them discard."},
     "fate_of_the_slain": {"name": "Last Lash", "text": "A final crack of the whip."}},
]}

ROSTERS = {"bladestorm": BLADESTORM, "bladeborn": BLADEBORN, "warcry": BLADEBORN, "sagaborn": SAGABORN,
           "gorechosen": GORECHOSEN}


@pytest.fixture
def rosters():
    return ROSTERS
