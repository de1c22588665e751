"""The battle core's whole-number names (plain Python, shared by the compiled modules).

Each compiled module that uses one declares it as a C ``int`` in its ``.pxd`` and imports it from
here, so the numbers are written once and read at C speed.
"""

#: Action kinds (``kind`` of :func:`generator.systems.bladestorm.core_rules.encode`).
PLACE, MOVE, ATTACK, END = 1, 2, 3, 4
#: Steps of the turn.
SETUP, MOVING, ATTACKING, OVER = 0, 1, 2, 3
#: A route length no base can travel (as :data:`generator.systems.bladestorm.footing.UNREACHABLE`).
FAR = 1_000_000_000
#: Melee Damage bases (:class:`generator.dice.bladestorm.DamageExpr`) and damage steps.
HIGH, LOW, HIGH_LOW, FIXED = 0, 1, 2, 3
ADD, TIMES = 0, 1
