# The C types of core_movement.py (the compiled battle core; see generator/compiled.py).
cimport cython
from generator.systems.sagaborn.core_data cimport StepTable

@cython.locals(size=int, unreached=int, i=int, k=int, found=int, cost=int, here=int, base=int, s=int, n=int,
               total=int, old=int)
cpdef int reach(StepTable steps, int plain, int doubled, unsigned char[:] near, int[:] taken, int count_taken,
                int start, int budget, int[:] costs, int[:] came, int[:] order) except -1
