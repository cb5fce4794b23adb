"""numba for the compiled kernels, loaded without its SciPy linear-algebra probe; the flags
the patience search is compiled with (`kernel_jit`, `allocating_jit`); and the one intrinsic
the kernels add to numba, `prefetch`.

Every kernel module takes its decorator from here, so this module runs before numba is first
imported in a process. When the first compiled function is loaded, numba imports its
array-math module, which imports `scipy.linalg.cython_blas` whenever SciPy is installed,
to offer `np.dot` and `np.linalg` inside compiled code. The kernels use neither, and on a
machine with SciPy that one import (SciPy pulls in NumPy's f2py) cost about 0.2 CPU
seconds of every `frog solve` (benchmarks/results/startup.txt). While numba loads that
module here, the BLAS module is marked absent, so numba records "no BLAS" and moves on;
the mark is taken away at once, so SciPy itself stays importable as before.

The one effect beyond this package: compiled code in the same process cannot call
`np.dot` or `np.linalg`. Nothing in the project does; a program that imports the solver
and also compiles linear algebra with numba must import numba.np.arraymath first.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

_BLAS = "scipy.linalg.cython_blas"


def _load_numba_without_blas() -> None:
    """Import numba and its array-math module with the BLAS module marked absent
    (a None entry in sys.modules makes `import` raise ImportError), unless numba's
    array math is already loaded or the BLAS module already imported."""
    if "numba.np.arraymath" in sys.modules or _BLAS in sys.modules:
        return
    sys.modules[_BLAS] = None  # type: ignore[assignment]
    try:
        import numba.np.arraymath  # noqa: F401  (runs numba's BLAS probe, which now fails)
    finally:
        if sys.modules.get(_BLAS, 0) is None:
            del sys.modules[_BLAS]


_load_numba_without_blas()

import numba  # noqa: E402
from llvmlite import ir  # noqa: E402
from numba import njit  # noqa: E402  (after the probe above, by design)
from numba.core import cgutils, types  # noqa: E402
from numba.extending import intrinsic  # noqa: E402

__all__ = ["ALLOCATING", "allocating_jit", "kernel_jit", "njit", "prefetch"]

#: The patience search's flags: cached on disk, numba's runtime off, and Python's lock let
#: go while compiled code runs. With the runtime on, every call of a helper counts
#: references to each array argument atomically, a third of the kernel's time, protecting
#: nothing: the kernel allocates and keeps no array (docs/solver.md, Compiled without
#: reference counting). Without the lock, a thread beside the search runs at the same time
#: (CP-SAT beside the search when a lost game is explained: solver/patience/portfolio.py);
#: the kernel touches only the arrays it is given, which no other thread uses.
KERNEL_FLAGS = {"cache": True, "_nrt": False, "nogil": True}
#: The functions of the patience search compiled with the runtime on (`allocating_jit`),
#: by qualified name: tests/patience/test_search.py checks that every other one is not.
ALLOCATING: set[str] = set()
#: Where the flags the cached machine code was compiled with are written (see
#: `forget_caches_of_other_flags`).
FLAGS_STAMP = "numba-kernel-flags.txt"


def forget_caches_of_other_flags(root: Path, flags: str) -> None:
    """Remove the compiled functions numba cached under `root` (its __pycache__ folders)
    when they were compiled under other flags than `flags`, and write `flags` down.

    Why: numba keys its on-disk cache by a function's source file (its time and size) and
    bytecode, not by the flags it was compiled with. A change of KERNEL_FLAGS alone, with
    kernel.py untouched, would leave a checkout that compiled before it on the old machine
    code for good: when `nogil` was added, such a checkout kept holding Python's lock in
    the search, so threads deciding samples (search/samples.py) or CP-SAT beside the search
    ran one at a time. An installed package is rewritten on every install, which changes
    the files' times, so numba's own check covers it. Nothing is done where `root` cannot
    be written (numba then caches elsewhere, by the same files' times)."""
    stamp = root / "__pycache__" / FLAGS_STAMP
    try:
        if stamp.read_text() == flags:
            return
    except OSError:
        pass
    try:
        for cached in [*root.rglob("__pycache__/*.nbi"), *root.rglob("__pycache__/*.nbc")]:
            cached.unlink(missing_ok=True)
        stamp.parent.mkdir(exist_ok=True)
        stamp.write_text(flags)
    except OSError:
        pass


forget_caches_of_other_flags(Path(__file__).resolve().parent,
                             f"numba {numba.__version__}, {sorted(KERNEL_FLAGS.items())}\n")


def kernel_jit(function: Callable | None = None, *, inline: bool = False) -> Any:
    """`@kernel_jit` or `@kernel_jit(inline=True)`: compile a function of the patience
    search with KERNEL_FLAGS (inlined into its callers with `inline`)."""
    flags = {**KERNEL_FLAGS, "inline": "always"} if inline else KERNEL_FLAGS
    return njit(**flags) if function is None else njit(**flags)(function)


def allocating_jit(function: Callable) -> Any:
    """`@allocating_jit`: compile a function of the patience search that allocates arrays,
    which needs numba's runtime (cached on disk like the rest). Keep such functions few and
    outside the loops: each call of a helper from one pays the reference counting."""
    ALLOCATING.add(f"{function.__module__}.{function.__qualname__}")
    return njit(cache=True)(function)


@intrinsic
def prefetch(typingctx, array, index):  # noqa: ANN001, ANN201 (numba's typing hook)
    """prefetch(array, index) in compiled code: ask the memory for array[index] now, so that
    a later read of it waits less. LLVM's prefetch (for reading, into every cache level)
    retires at once, never faults and changes no value: a hint."""

    def codegen(context, builder, signature, args):  # noqa: ANN001, ANN202
        array_type = signature.args[0]
        view = context.make_array(array_type)(context, builder, args[0])
        pointer = cgutils.get_item_pointer(context, builder, array_type, view, [args[1]],
                                           wraparound=False)
        byte_pointer = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        function = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(ir.VoidType(), [byte_pointer, i32, i32, i32]),
            "llvm.prefetch.p0")
        builder.call(function, [builder.bitcast(pointer, byte_pointer), i32(0), i32(3), i32(1)])
        return context.get_dummy_value()

    return types.void(array, index), codegen
