"""The Python kernel the chapter runner starts: IPython's kernel without its debugger.

A kernel that executes a chapter for ``mmbook run`` is never attached to a debugger, yet ipykernel
imports debugpy at start-up whenever it is installed: a twelfth of a second of every run, and four
lines of warnings about frozen modules on the kernel's standard error. Started as
``python -m mmbook.kernel -f CONNECTION_FILE`` (see :func:`mmbook.adapter.start_kernel`), the kernel finds
no debugpy to import and starts without it; everything else is ``ipykernel_launcher``'s.
"""

import sys
from pathlib import Path


def main() -> None:
    """Start the kernel (the arguments are ``ipykernel_launcher``'s)."""
    sys.modules["debugpy"] = None  # `import debugpy` now raises ImportError: ipykernel runs without a debugger
    # As ipykernel_launcher: the working folder is left off the path while ipykernel loads (IPython puts
    # it back for the notebook's own imports).
    if sys.path and (sys.path[0] == "" or Path(sys.path[0]) == Path.cwd()):
        del sys.path[0]
    from ipykernel import kernelapp

    kernelapp.launch_new_instance()


if __name__ == "__main__":
    main()
