# The C types of core_data.py (the compiled battle core; see generator/compiled.py).
cdef class FootingTable:
    cdef public int width, height, k, n
    cdef public int[:] fits, block, step_start, step_to, step_len, need_start, needs
    cdef public int[:] contact_start, contact_dc, contact_dr, heap_cost, heap_at

cdef class Arms:
    cdef public list names, texts
    cdef public int[:] first, same, dice_start, sides, mult, mod, base, fixed, step_start, step_op, step_n, faces
    cdef public int[:] group_start, group_count, group_sides

cdef class Pieces:
    cdef public int count
    cdef public int[:] seat, k, table, budget, endurance, defense, anchor, moved, attacked, removed, hits
    cpdef Pieces copy(self)

cdef class ContactFields:
    cdef public int n, sizes
    cdef public int[:] size_index, ready, dist
    cpdef int slot(self, int table, int k, int at)

cdef class Scratch:
    cdef public int[:] reach_cost, reach_prev, reach_order, reach_count, field_cost, taken, anchors
