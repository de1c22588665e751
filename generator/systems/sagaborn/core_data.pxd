# The C types of core_data.py (the compiled battle core; see generator/compiled.py).

cpdef int variant(int height, bint stride, bint leaving)

cdef class StepTable:
    cdef public int size
    cdef public int[:] start, to, cost
