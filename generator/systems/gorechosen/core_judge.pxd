# The C types of core_place.py (the compiled battle core; see generator/compiled.py).
cimport cython

cdef class Arena:
    cdef public int q0, r0, width, height, size
    cdef public int[:] towards
    cdef public signed char[:] beside_pit
    cdef public double[:] turned
    cdef public double step
    @cython.locals(dq=int, dr=int)
    cpdef int cell(self, int q, int r)

cdef class ZoneTable:
    cdef public int[:] start, dq, dr, band

cdef class Places:
    cdef public Arena arena
    cdef public double pit_cost
    cdef public double[:] mine, theirs, value, base
    cdef public signed char[:] known, based
    cdef public int[:] toward, enemy_q, enemy_r
    cdef public int enemies
    cpdef add_enemy(self, int q, int r)
    @cython.locals(facing=int, i=int, cell=int, k=int, v=double)
    cpdef add_opportunities(self, ZoneTable zone, double[:] values, int eq, int er)
    @cython.locals(i=int, cell=int)
    cpdef add_threats(self, ZoneTable zone, int facing, double[:] values, int eq, int er)
    cpdef double place_at(self, object pos, int facing)
    @cython.locals(cell=int, k=int, v=double)
    cpdef double place(self, int q, int r, int facing)
    @cython.locals(best=int, dist=int, i=int, dq=int, dr=int, d=int, v=double)
    cpdef find_base(self, int cell, int q, int r)

cdef class HandSplit:
    cdef public int size, width, turns, attacks, room
    cdef public double[:] best, before
    cdef public signed char[:] seen, was
    @cython.locals(width=int, size=int, k=int)
    cpdef clear(self, int turns, int attacks)
    @cython.locals(width=int, k=int, j=int, v=double, s=double, defends=bint)
    cpdef add(self, double action, double defence)
    @cython.locals(value=double, k=int)
    cpdef double most(self)
