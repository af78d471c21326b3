"""The one adapter between the chapter runner and the internals of papermill, nbclient, jupyter_client and
ipykernel.

Everything here reaches below those packages' documented interfaces to save tenths of a second per run:
a kernel started by the runner itself, as :mod:`mmbook.kernel` (ipykernel without debugpy), over local IPC
sockets; a client that waits for the kernel without jupyter_client's 0.2 s of IOPub silence and kills it
without the 0.1 s poll; a papermill engine registered for that client. Each upstream behaviour these rely
on is checked by name in ``tests/test_upstream_contract.py``, which fails and names the hook to revisit when
an upgrade changes it. Nothing else in the book imports these packages' private names.
"""

from __future__ import annotations

import os
import tempfile
from contextlib import contextmanager
from pathlib import Path


def start_kernel(cwd: Path) -> LocalKernelManager:
    """Launch a Python kernel in ``cwd`` and return its manager without waiting for it to be ready
    (papermill's client waits for that)."""
    from jupyter_core.utils import run_sync

    km = LocalKernelManager(kernel_name="python3")
    km.kernel_spec.argv = kernel_command(km.kernel_spec.argv)
    run_sync(km.start_kernel)(cwd=str(cwd))
    return km


def kernel_command(argv: list[str]) -> list[str]:
    """The kernel specification's command with :mod:`mmbook.kernel` (ipykernel without its debugger) in
    place of ``ipykernel_launcher``, and IPython's history off: a chapter's cells are not the user's
    commands, and not opening the history database saves the kernel a twentieth of a second of start-up.
    A command that does not start ``ipykernel_launcher`` is left alone.

    Examples
    --------
    >>> kernel_command(["python", "-m", "ipykernel_launcher", "-f", "{connection_file}"])
    ['python', '-m', 'mmbook.kernel', '-f', '{connection_file}', '--HistoryManager.enabled=False']
    >>> kernel_command(["R", "--slave", "-e", "IRkernel::main()", "--args", "{connection_file}"])[0]
    'R'
    """
    if argv[1:3] != ["-m", "ipykernel_launcher"]:
        return argv
    return [argv[0], "-m", "mmbook.kernel", *argv[3:], "--HistoryManager.enabled=False"]


def stop_kernel(km: LocalKernelManager | None) -> None:
    """Kill the kernel of ``km`` if it still runs (after a normal run papermill's client has killed it
    already), wait for its process to end, and remove its connection file and sockets.

    The process is waited for directly: jupyter_client's own shutdown polls it every tenth of a second.
    """
    if km is None or not km.has_kernel:
        return
    from jupyter_core.utils import run_sync

    try:
        run_sync(km.provisioner.kill)()  # nothing happens to a process that has ended
        km.provisioner.process.wait(timeout=30)
    finally:
        run_sync(km.cleanup_resources)()


def papermill_execution_error() -> type[Exception]:
    from papermill.exceptions import PapermillExecutionError

    return PapermillExecutionError


def prestarted_engine() -> str:
    """The name of a papermill engine (registered on first use) that executes in a kernel the runner
    launched itself (engine argument ``km``), and stops that kernel when done, as papermill's own engine
    stops the kernels it starts."""
    from jupyter_core.utils import run_sync
    from papermill.clientwrap import PapermillNotebookClient
    from papermill.engines import NBClientEngine, papermill_engines
    from papermill.log import logger

    class Client(PapermillNotebookClient):
        async def _async_cleanup_kernel(self) -> None:
            """Kill the kernel (SIGKILL to its process group) and close the channels, without the tenth of a
            second jupyter_client waits for the process to be gone: :func:`stop_kernel` reaps it later.

            nbclient's pollers still pending (an interrupt leaves them so) are cancelled and awaited first:
            one that saw the kernel die would end the program with a stray "DeadKernelError" traceback.
            """
            import asyncio

            current = asyncio.current_task()
            others = [t for t in asyncio.all_tasks() if t is not current and not t.done()]
            for task in others:
                task.cancel()
            await asyncio.gather(*others, return_exceptions=True)
            try:
                if self.km is not None and self.km.has_kernel:
                    await self.km.provisioner.kill()
            finally:
                if self.kc is not None:
                    self.kc.stop_channels()
                    self.kc = None

        # nbclient's setup_kernel calls this name, bound to its own coroutine: rebound to the one above
        _cleanup_kernel = run_sync(_async_cleanup_kernel)

        async def async_start_new_kernel_client(self):
            """nbclient's, with :func:`kernel_ready` in place of jupyter_client's ``wait_for_ready``."""
            from nbclient.util import run_hook

            self.kc = self.km.client()
            try:
                self.kc.start_channels()
                await kernel_ready(self.kc, self.startup_timeout)
            except Exception:
                await self._async_cleanup_kernel()
                raise
            self.kc.allow_stdin = False
            await run_hook(self.on_notebook_start, notebook=self.nb)
            return self.kc

        start_new_kernel_client = run_sync(async_start_new_kernel_client)  # what papermill's execute() calls

    class PrestartedKernelEngine(NBClientEngine):
        @classmethod
        def execute_managed_notebook(cls, nb_man, kernel_name, log_output=False, stdout_file=None,
                                     stderr_file=None, start_timeout=60, execution_timeout=None, km=None,
                                     **kwargs):
            for unused in ("input_path", "timeout", "startup_timeout"):
                kwargs.pop(unused, None)
            client = Client(
                nb_man, km=km, timeout=execution_timeout, startup_timeout=start_timeout,
                kernel_name=kernel_name, log=logger, log_output=log_output, stdout_file=stdout_file,
                stderr_file=stderr_file, **kwargs)
            client.owns_km = True  # so that it closes its channels and kills the kernel when done
            with outputs_validated_with_the_notebook():
                return client.execute()

    name = "mmperf-prestarted"
    if name not in papermill_engines._engines:
        papermill_engines.register(name, PrestartedKernelEngine)
    return name


@contextmanager
def outputs_validated_with_the_notebook():
    """While nbclient records the kernel's outputs, nbformat does not validate each one as it is made.

    ``nbformat.v4.output_from_msg`` validates every output against the notebook schema as it builds it:
    1.7 ms each, 0.37 s of a zeadally run's 199 outputs (most of them glued numbers), spent by the runner's
    process on a core it shares with the kernel and the figures being drawn. The same schema checks every
    output again when papermill writes the executed notebook (``nbformat.writes`` validates the whole
    notebook), so each output is still validated, once. Only nbformat's per-node helper is set aside, for
    this block and in this process; ``nbformat.validate`` itself is untouched.

    Examples
    --------
    >>> from nbformat.v4 import nbbase
    >>> with outputs_validated_with_the_notebook():
    ...     nbbase.new_output("stream", name=5, text="x")["name"]   # a stream's name must be a string
    5
    >>> nbbase.new_output("stream", name=5, text="x")
    Traceback (most recent call last):
    ...
    nbformat.validator.NotebookValidationError: 5 is not of type 'string'
    ...
    """
    from nbformat.v4 import nbbase

    validate_node = nbbase.validate
    nbbase.validate = _validated_later
    try:
        yield
    finally:
        nbbase.validate = validate_node


def _validated_later(node, ref=None) -> None:
    """Stands in for ``nbformat.v4.nbbase.validate``: the node is validated with the whole notebook."""


async def kernel_ready(kc, timeout: float) -> None:
    """Wait until the kernel of the asynchronous client ``kc`` answers a ``kernel_info`` request and its
    IOPub channel delivers messages.

    jupyter_client's ``wait_for_ready`` does the same and then waits until IOPub has been silent for
    0.2 s, to throw away the request's status messages; nbclient ignores every message that does not
    answer the cell it runs, so here they are thrown away without waiting (0.2 s of every run).

    Raises
    ------
    RuntimeError
        when the kernel dies first or does not answer within ``timeout`` seconds.
    """
    import time
    from queue import Empty

    deadline = time.monotonic() + timeout
    while True:
        kc.kernel_info()
        try:
            reply = await kc.get_shell_msg(timeout=1)
        except Empty:
            reply = None
        if reply is not None and reply["msg_type"] == "kernel_info_reply":
            try:  # the kernel published its status for the request, so IOPub is connected
                await kc.get_iopub_msg(timeout=0.2)
            except Empty:  # not yet connected (its first messages were lost): ask again
                pass
            else:
                kc._handle_kernel_info_reply(reply)
                break
        if not await kc.is_alive():
            raise RuntimeError("the kernel died before replying to kernel_info")
        if time.monotonic() > deadline:
            raise RuntimeError(f"the kernel did not reply in {timeout:g} seconds")
    while True:  # throw away what IOPub already holds, without waiting for more
        try:
            await kc.get_iopub_msg(timeout=0)
        except Empty:
            break


def new_kernel_dir() -> Path:
    """A temporary folder for the kernel's IPC sockets, on a short path: a socket's path may not exceed
    107 bytes, so a long $TMPDIR falls back to /tmp."""
    base = Path(tempfile.gettempdir())
    if len(str(base)) > 60 and Path("/tmp").is_dir():
        base = Path("/tmp")
    return Path(tempfile.mkdtemp(prefix="mmperf-kernel-", dir=base))


try:
    # The asynchronous manager, as nbclient expects: with the blocking one, waiting for output blocks the
    # event loop, so a kernel that dies (killed for memory, say) is never noticed and the run hangs.
    from jupyter_client.manager import AsyncKernelManager as _KernelManager
except ImportError:  # pragma: no cover - jupyter_client comes with papermill
    _KernelManager = object


class LocalKernelManager(_KernelManager):
    """A kernel talking over local IPC sockets: the kernel runs on this machine only, so no TCP
    ports are opened (and ipykernel does not warn about unencrypted TCP on every run). The sockets
    live in the runner's own temporary folder (``$MMPERF_KERNEL_DIR``), removed after the run."""

    def __init__(self, **kwargs):
        kwargs.setdefault("transport", "ipc")
        folder = os.environ.get("MMPERF_KERNEL_DIR") or tempfile.gettempdir()
        kwargs.setdefault("ip", str(Path(folder) / f"kernel-{os.getpid()}"))
        super().__init__(**kwargs)
