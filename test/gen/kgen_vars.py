"""kgen_vars.py: kgen.py's bounds and the records its generator keeps.

INT_LIMIT and FLOAT_LIMIT are the bounds every generated expression stays
under (no signed overflow, no Inf or NaN); see kgen.py's docstring.
"""

INT_LIMIT = 1 << 30      # no int expression may exceed this bound
FLOAT_LIMIT = 1.0e9      # no float expression may exceed this bound


class Var:
    """A private variable in scope. ty: int uint float int2 float4 iarr farr struct."""

    def __init__(self, name, ty, bound=0, data=False, const=False, fields=None):
        self.name, self.ty, self.bound, self.data, self.const = name, ty, bound, data, const
        self.fields = fields or []  # struct: [(field, scalar type, bound)]


class Ctx:
    """Where a statement is generated."""

    def __init__(self, depth=0, loops=0, top=True, barrier_ok=False, in_switch=False):
        self.depth, self.loops, self.top = depth, loops, top
        self.barrier_ok, self.in_switch = barrier_ok, in_switch

    def inner(self, loop=False, switch=False):
        return Ctx(self.depth + 1, self.loops + (1 if loop else 0), False, False,
                   self.in_switch and not loop or switch)

