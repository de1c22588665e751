# The C types of generator/play/dicestream.py (the compiled battle core; see generator/play/compiled.py).
from libc.stdint cimport uint32_t, uint64_t
from cpython.pycapsule cimport PyCapsule_GetPointer
cimport cython

# numpy/random/bitgen.h: what a numpy bit generator's capsule points to
ctypedef struct bitgen_t:
    void *state
    uint64_t (*next_uint64)(void *st) nogil
    uint32_t (*next_uint32)(void *st) nogil
    double (*next_double)(void *st) nogil
    uint64_t (*next_raw)(void *st) nogil


cdef class DiceStream:
    cdef object _generator
    cdef bitgen_t *_bitgen
    cdef object _next32
    cdef object _next64
    cdef object _address

    cpdef uint32_t word32(self)
    cpdef uint64_t word64(self)
    @cython.locals(span=uint64_t, product=uint64_t, leftover=uint64_t, threshold=uint64_t)
    cpdef uint32_t upto(self, uint32_t high)
    cpdef int die(self, int sides)
    @cython.locals(out=list)
    cpdef list dice(self, int count, int sides)
    @cython.locals(i=int)
    cpdef roll_into(self, int count, int sides, int[:] out, int start)
    cpdef long between(self, long low, long high)
    @cython.locals(mask=uint32_t, value=uint32_t)
    cpdef uint32_t interval(self, uint32_t high)
    @cython.locals(order=list, i=long, j=long)
    cpdef list permutation(self, long n)
    cpdef double random(self)


cdef class ScriptedDice(DiceStream):
    cdef public object rng


cdef class FastDice(DiceStream):
    cdef uint64_t state
    @cython.locals(z=uint64_t)
    cpdef uint64_t word64(self)
    cpdef uint32_t word32(self)
