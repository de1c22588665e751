# The C types of core_rules.py (the compiled battle core; see generator/compiled.py).
cimport cython
from generator.play.core cimport Core
from generator.dice.stream cimport DiceStream
from generator.systems.bladestorm.core_data cimport Arms, FootingTable, Pieces
from generator.systems.bladestorm.core_movement cimport BladestormBoard

cdef int ADD, ATTACK, ATTACKING, END, FAR, FIXED, HIGH, LOW, MOVE, MOVING, OVER, PLACE, SETUP

cpdef long long encode(long long kind, long long piece, long long a, long long b)

cdef class BladestormRules(BladestormBoard):
    cdef public object prepared
    cdef public Arms arms
    cdef public int first, setup_first, turn_limit
    cdef public list zones
    cdef public int step, turn_side, round, done_a, done_b, winner
    cdef public str why

    cpdef copy_into(self, BladestormRules other)
    @cython.locals(pieces=Pieces, count=int, p=int, table=FootingTable, zone="int[:]", kk=int, i=int, found=int,
                   base=int, j=int)
    cpdef int action_codes(self, long long[:] out) except -1
    @cython.locals(kk=int, j=int)
    cdef bint covers_zone(self, FootingTable table, int anchor, int[:] zone)
    @cython.locals(kk=int, j=int)
    cdef bint overlaps_taken(self, FootingTable table, int anchor)
    @cython.locals(pieces=Pieces, arms=Arms, count=int, p=int, q=int, w=int)
    cdef int attack_codes(self, int side, long long[:] out) except -1
    @cython.locals(pieces=Pieces, arms=Arms, p=int, q=int)
    cdef bint has_attack(self, int side)
    @cython.locals(pieces=Pieces, p=int)
    cdef int next_to_place(self) except -1
    @cython.locals(kind="long long", p=int, a=int, b=int)
    cpdef int apply_code(self, long long code, DiceStream dice) except -1
    cdef place(self, int p, int anchor)
    @cython.locals(pieces=Pieces, seat=int, p=int)
    cpdef after_setup(self)
    @cython.locals(p=int)
    cdef begin_moves(self, int side)
    @cython.locals(pieces=Pieces, base=int, start=int, q=int, here=int)
    cdef move(self, int p, int goal)
    @cython.locals(pieces=Pieces, p=int)
    cdef end_step(self)
    @cython.locals(p=int)
    cdef begin_attacks(self)
    cdef advance_attacks(self)
    @cython.locals(pieces=Pieces, arms=Arms, index=int, first=int, last=int, total=int, d=int, defense=int,
                   hit=bint, damage=int, rolled=int, g=int)
    cdef attack(self, int p, int q, int w, DiceStream dice)
    @cython.locals(arms=Arms, base=int, amount=int, high=int, low=int, d=int, highs=int, lows=int, total=int, both=int,
                   face=int, s=int)
    cdef int damage_of(self, int index, int count)
    @cython.locals(pieces=Pieces, p=int, alive_a=bint, alive_b=bint, mover=int)
    cdef end_attack_step(self)
    cdef finish(self, int winner, str why)
