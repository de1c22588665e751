# The C types of core_movement.py (the compiled battle core; see generator/compiled.py).
cimport cython
from generator.play.core cimport Core
from generator.systems.bladestorm.core_data cimport ContactFields, FootingTable, Pieces, Scratch

cdef int FAR

cdef class BladestormBoard(Core):
    cdef public list tables
    cdef public Pieces flat
    cdef public int width
    cdef public ContactFields fields
    cdef public Scratch work

    @cython.locals(pieces=Pieces, table=FootingTable, t=int, p=int, kk=int, start=int, j=int)
    cpdef mark_taken(self, int skip)
    @cython.locals(pieces=Pieces, table=FootingTable, n=int, base=int, i=int, budget=int, start=int, found=int,
                   heap_size=int, cost=int, here=int, s=int, total=int, to=int, old=int, blocked=bint, t=int)
    cpdef int find_reach(self, int p) except -1
    @cython.locals(table=FootingTable, n=int, i=int, heap_size=int, g=int, goal=int, cost=int, here=int, s=int,
                   total=int, to=int)
    cpdef field(self, int table_index, int[:] goals, int count)
    @cython.locals(fields=ContactFields, slot=int, start=int, count=int, i=int)
    cpdef int contact_field(self, int p, int q)
    @cython.locals(pieces=Pieces, table=FootingTable, width=int, tq=int, dc=int, dr=int, other=int, o=int)
    cpdef bint touches(self, int p, int anchor, int q)
    @cython.locals(pieces=Pieces)
    cpdef bint in_contact_now(self, int p, int q)
    @cython.locals(pieces=Pieces, table=FootingTable, width=int, tq=int, tc=int, tr=int, other=int, count=int, o=int,
                   c=int, r=int)
    cpdef int contacts_into(self, int p, int q, int[:] out)

@cython.locals(i=int, parent=int, pc=int)
cdef int heap_push(FootingTable table, int size, int cost, int at)
@cython.locals(i=int, child=int, c1=int, c2=int, cc=int, cost=int, at=int)
cdef int heap_pop(FootingTable table, int size)
