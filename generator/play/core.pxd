# The C types of generator/play/core.py (see generator/compiled.py).
cimport cython
from generator.play.dicestream cimport DiceStream

cdef class Core:
    cdef public int decider
    cdef public bint finished
    cdef public object log

    cpdef int action_codes(self, long long[:] out) except -1
    cpdef int apply_code(self, long long code, DiceStream dice) except -1
    cpdef Core clone(self)
    @cython.locals(winner=int)
    cpdef double seat_score(self, int seat)
    cpdef int winner_seat(self) except -2

cdef class CorePlayer:
    cpdef int choose(self, Core state, long long[:] codes, int count, DiceStream chooser) except -1
    @cython.locals(best=int, ranked=int, i=int)
    cpdef int rank(self, Core state, long long[:] codes, int count, DiceStream chooser, int[:] out) except -1

cdef class RandomPlayer(CorePlayer):
    pass

cpdef object copy_ints(object values)

@cython.locals(codes="long long[:]", decisions=long, count=int, index=int)
cpdef long run(Core core, CorePlayer player_a, CorePlayer player_b, DiceStream dice, DiceStream chooser_a,
               DiceStream chooser_b, long limit) except -1
