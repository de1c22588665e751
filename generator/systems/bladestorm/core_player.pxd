# The C types of core_player.py (the compiled battle core; see generator/compiled.py).
cimport cython
from generator.play.core cimport Core, CorePlayer
from generator.play.dicestream cimport DiceStream
from generator.systems.bladestorm.core_data cimport Arms, FootingTable, Pieces
from generator.systems.bladestorm.core_rules cimport BladestormRules, encode

cdef int ATTACK, FAR, MOVE, MOVING, SETUP

cdef class Odds:
    cdef public int count, most, width
    cdef public double[:] kill, useful, mean

cdef class BladestormGreedy(CorePlayer):
    cdef public Odds odds
    cdef public int[:] goals, spots, flags
    cdef public double[:] worths

    @cython.locals(battle=BladestormRules)
    cpdef int choose(self, Core state, long long[:] codes, int count, DiceStream chooser) except -1
    @cython.locals(battle=BladestormRules, best=int, worth="double[:]", i=int, ranked=int, a=int, top=int, b=int)
    cpdef int rank(self, Core state, long long[:] codes, int count, DiceStream chooser, int[:] out) except -1
    @cython.locals(kind="long long", pieces=Pieces, p=int, q=int, w=int, anchor=int, side=int, fight=double,
                   nearest=int, e=int, arms=Arms, kill=double, route=int)
    cdef double rough_worth(self, BladestormRules state, long long code)

    @cython.locals(pieces=Pieces, arms=Arms, odds=Odds, left=int, index=int, row=int)
    cdef (double, double) kill_and_useful(self, BladestormRules state, int p, int arm, int q)
    @cython.locals(pieces=Pieces, odds=Odds, ours=double, theirs=double, t=int, g=int, rate=double, limit=int,
                   slack=double)
    cdef bint beats(self, BladestormRules state, int target, int[:] team, int size)
    @cython.locals(best=int, best_score=double, i=int, code="long long", p=int, q=int, w=int, left=int, p_kill=double,
                   useful=double, score=double)
    cdef int attack(self, BladestormRules state, long long[:] codes, int count) except -1
    @cython.locals(pieces=Pieces, side=int, n=int, total=int, p=int, team="int[:]", chosen="long long", i=int)
    cdef int move(self, BladestormRules state, long long[:] codes, int count) except -1
    @cython.locals(found=int, kept=int, j=int, anchor=int)
    cdef int reachable_contacts(self, BladestormRules state, int p, int q, int n, int[:] out)
    @cython.locals(pieces=Pieces, arms=Arms, total=int, best="long long", k_kill=double, k_others=int, k_cost=int,
                   k_anchor=int, e=int, size=int, g=int, p=int, spots=int, p_kill=double, w=int, kill=double, j=int,
                   anchor=int, others=int, o=int, cost=int)
    cdef long long best_fight(self, BladestormRules state, int side, int n, int[:] team)
    @cython.locals(pieces=Pieces, total=int, target=int, best="long long", k_dist=int, k_anchor=int, p=int,
                   fighting=bint, e=int, field=int, here=int, marked=int, spot=int, s_dist=int, s_cost=int, base=int, j=int,
                   anchor=int, dist=int, cost=int)
    cdef long long best_approach(self, BladestormRules state, int side, int n)
    @cython.locals(pieces=Pieces, e=int, found=int, j=int, marked=int, anchor=int)
    cdef int mark_enemy_contacts(self, BladestormRules state, int p, int side)
    @cython.locals(pieces=Pieces, odds=Odds, total=int, friends="int[:]", size=int, g=int, best=int, k_beaten=bint,
                   k_ease=double, k_near=int, e=int, ours=double, t=int, beaten=bint, near=int, route=int, ease=double)
    cdef int quarry(self, BladestormRules state, int side)
    cdef int route_to(self, BladestormRules state, int p, int q)
    @cython.locals(pieces=Pieces, p=int, table=FootingTable, goals=int, seen="int[:]", q=int, found=int, j=int,
                   zone="int[:]", i=int, best=int, k_dist=int, k_anchor=int, anchor=int, dist=int)
    cdef int place(self, BladestormRules state, long long[:] codes, int count) except -1
