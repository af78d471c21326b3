"""The Python kernel the chapter runner starts: IPython's kernel without its debugger, its chapter
imports loaded while the runner prepares.

A kernel that executes a chapter for ``mmbook run`` is never attached to a debugger, yet ipykernel
imports debugpy at start-up whenever it is installed: a twelfth of a second of every run, and four
lines of warnings about frozen modules on the kernel's standard error. Started as
``python -m mmbook.kernel -f CONNECTION_FILE`` (see :func:`mmbook.adapter.start_kernel`), the kernel finds
no debugpy to import and starts without it; everything else is ``ipykernel_launcher``'s.

The runner launches the kernel first and spends about a second preparing (papermill, the notebook, the
page's exporter) before it sends the first cell; a kernel ready sooner waits idle. So the kernel first
imports what every chapter's first cell imports (:data:`PRELOAD`: pandas, Matplotlib and
:mod:`mmbook.chapter`, most of a chapter's setup cell), moving that work off the chapter's critical path.
The same modules would be imported by the first cell, with the same settings (Matplotlib's backend is
chosen as ipykernel chooses it), so nothing a chapter computes or shows changes.
``MMPERF_KERNEL_PRELOAD=0`` in the runner's environment turns it off (for measuring it).
"""

import os
import sys
from pathlib import Path

#: the modules every chapter's setup cell imports, loaded before the kernel answers
PRELOAD = ("pandas", "matplotlib.pyplot", "mmbook.chapter")


def preload() -> list[str]:
    """Import :data:`PRELOAD` (unless ``MMPERF_KERNEL_PRELOAD=0``); return the names imported.

    Matplotlib reads its backend from ``MPLBACKEND`` when it is imported; ipykernel sets that variable
    (to its inline backend, unless the user set one) only as it starts, so it is set the same way here
    first, else a preloaded Matplotlib would keep its own default backend.
    """
    if os.environ.get("MMPERF_KERNEL_PRELOAD") == "0":
        return []
    if not os.environ.get("MPLBACKEND"):  # as ipykernel does (IPKernelApp.init_gui_pylab)
        os.environ["MPLBACKEND"] = "module://matplotlib_inline.backend_inline"
    import importlib

    for name in PRELOAD:
        importlib.import_module(name)
    return list(PRELOAD)


def main() -> None:
    """Start the kernel (the arguments are ``ipykernel_launcher``'s)."""
    sys.modules["debugpy"] = None  # `import debugpy` now raises ImportError: ipykernel runs without a debugger
    # As ipykernel_launcher: the working folder is left off the path while ipykernel loads (IPython puts
    # it back for the notebook's own imports).
    if sys.path and (sys.path[0] == "" or Path(sys.path[0]) == Path.cwd()):
        del sys.path[0]
    preload()
    from ipykernel import kernelapp

    kernelapp.launch_new_instance()


if __name__ == "__main__":
    main()
