"""The upstream behaviours the chapter runner relies on, each checked by name.

The runner's adapter (:mod:`mmbook.adapter`, with :mod:`mmbook.kernel`) saves tenths of a second per run by reaching into
papermill, nbclient, jupyter_client and ipykernel below their documented interfaces. Each test here names
one such behaviour; when an upgrade changes it, the test fails and says which hook to revisit, instead of
the runner breaking silently (a hook that no longer runs costs time, one that runs wrongly loses output).
"""

import inspect
import re
import subprocess
import sys

import pytest


def _calls(cls, name: str) -> bool:
    return re.search(rf"self\.{re.escape(name)}\(", inspect.getsource(cls)) is not None


def test_nbclient_cleans_up_through_the_cleanup_kernel_attribute():
    """The runner's client rebinds ``_cleanup_kernel`` (to kill the kernel without jupyter_client's 0.1 s
    poll): nbclient must call the kernel clean-up by that attribute name."""
    from nbclient.client import NotebookClient

    assert hasattr(NotebookClient, "_cleanup_kernel") and hasattr(NotebookClient, "_async_cleanup_kernel"), (
        "nbclient.NotebookClient no longer has _cleanup_kernel/_async_cleanup_kernel: "
        "revisit mmbook.adapter.prestarted_engine's Client")
    assert _calls(NotebookClient, "_cleanup_kernel") or _calls(NotebookClient, "_async_cleanup_kernel"), (
        "nbclient no longer calls self._cleanup_kernel(): the runner's faster clean-up would never run")


def test_papermill_starts_the_client_through_start_new_kernel_client():
    """The runner overrides ``async_start_new_kernel_client`` (to wait for the kernel without the 0.2 s of
    IOPub silence): papermill's execute must reach it through nbclient's ``setup_kernel``."""
    from nbclient.client import NotebookClient
    from papermill.clientwrap import PapermillNotebookClient

    assert _calls(PapermillNotebookClient, "setup_kernel"), (
        "papermill's PapermillNotebookClient.execute no longer calls setup_kernel: "
        "revisit mmbook.adapter.prestarted_engine's Client")
    assert _calls(NotebookClient, "start_new_kernel_client") or _calls(NotebookClient,
                                                                       "async_start_new_kernel_client"), (
        "nbclient's setup_kernel no longer starts its client with (async_)start_new_kernel_client")


def test_papermill_engines_register_and_keep_a_dict():
    """The runner registers its engine once, testing membership in ``papermill_engines._engines``."""
    from papermill.engines import NBClientEngine, papermill_engines

    assert isinstance(getattr(papermill_engines, "_engines", None), dict), (
        "papermill's engine registry no longer keeps _engines as a dict: revisit mmbook.adapter.prestarted_engine")
    params = inspect.signature(NBClientEngine.execute_managed_notebook).parameters
    for name in ("nb_man", "kernel_name", "log_output", "stdout_file", "stderr_file", "start_timeout",
                 "execution_timeout"):
        assert name in params, f"papermill's NBClientEngine.execute_managed_notebook lost its {name!r} argument"


def test_jupyter_client_pieces_the_runner_uses():
    """kernel_ready hands the kernel_info reply to the client's own handler; stop_kernel kills through the
    provisioner and removes the connection file with cleanup_resources."""
    from jupyter_client.asynchronous.client import AsyncKernelClient
    from jupyter_client.manager import AsyncKernelManager, KernelManager

    assert hasattr(AsyncKernelClient, "_handle_kernel_info_reply"), (
        "jupyter_client's client lost _handle_kernel_info_reply: revisit mmbook.adapter.kernel_ready")
    assert hasattr(AsyncKernelManager, "cleanup_resources"), (
        "jupyter_client's kernel manager lost cleanup_resources: revisit mmbook.adapter.stop_kernel")
    assert "self.provisioner" in inspect.getsource(KernelManager), (
        "jupyter_client's kernel manager no longer runs kernels through a provisioner: revisit stop_kernel")


def test_ipykernel_starts_without_debugpy():
    """mmbook.kernel blocks ``import debugpy``; ipykernel must treat the failed import as "no debugger"."""
    code = ("import sys; sys.modules['debugpy'] = None\n"
            "import ipykernel.debugger as d, ipykernel.kernelapp\n"
            "print(d._is_debugpy_available)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, f"ipykernel no longer starts without debugpy:\n{out.stderr[-2000:]}"
    assert out.stdout.strip() == "False", "ipykernel.debugger no longer reports debugpy as unavailable"


@pytest.mark.parametrize("name", ["papermill", "nbclient", "jupyter_client", "ipykernel"])
def test_the_versions_checked_here_are_the_pinned_ones(name):
    """These contracts were read off the pinned versions; a different version must pass them anew."""
    from importlib.metadata import version

    def norm(text: str) -> str:
        return re.sub(r"[-_.]+", "-", text.strip().lower())

    pins = {norm(line.split("==")[0]): line.split("==")[1].split()[0].strip()
            for line in open("requirements.lock", encoding="utf-8")
            if "==" in line and not line.lstrip().startswith(("#", "--"))}
    assert version(name) == pins[norm(name)], f"{name} {version(name)} is installed but {pins[norm(name)]} is pinned"


def test_nbformat_validates_outputs_through_nbbase_validate_and_again_on_write(caplog):
    """The runner sets ``nbformat.v4.nbbase.validate`` aside while nbclient records outputs
    (:func:`mmbook.adapter.outputs_validated_with_the_notebook`): nbclient's ``output_from_msg`` must validate
    through that name (else the hook saves nothing), and writing the notebook must validate every output
    again (else an invalid output would go unseen)."""
    import nbformat
    from nbformat.v4 import output_from_msg

    from mmbook.adapter import outputs_validated_with_the_notebook

    msg = {"header": {"msg_type": "stream"}, "content": {"name": 5, "text": "x"}}  # a name must be a string
    with pytest.raises(nbformat.ValidationError):
        output_from_msg(msg)
    with outputs_validated_with_the_notebook():
        output = output_from_msg(msg)  # not validated here: revisit the hook if this raises
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x", outputs=[output])])
    with caplog.at_level("ERROR"):
        nbformat.writes(nb)
    assert "Notebook JSON is invalid" in caplog.text, "nbformat.writes no longer validates the whole notebook"
