# The C types of generator/play/search.py (see generator/compiled.py).
cimport cython
from generator.play.core cimport Core, CorePlayer, run
from generator.dice.stream cimport DiceStream, FastDice

cdef class RolloutSearch(CorePlayer):
    cdef public CorePlayer base
    cdef public int candidates, playouts, more
    cdef public double confidence, final_confidence
    cdef public int[:] order
    cdef public long long[:] seeds, codes
    cdef public double[:] first

    @cython.locals(seat=int, ranked=int, tried=int, j=int, best=int, best_gain=double, c=int, index=int,
                   total=double, squares=double, diff=double, gain=double, spread=double, error=double,
                   playouts=int, favourite=int, best_total=double, best_squares=double, n=int)
    cpdef int choose(self, Core state, long long[:] codes, int count, DiceStream chooser) except -1
    @cython.locals(copy=Core, dice=FastDice, chooser=FastDice)
    cdef double play_out(self, Core state, long long code, long long seed, int seat) except -1
