"""The runner's kernel: ipykernel without its debugger, without IPython's history, the chapters' imports preloaded."""

import asyncio

from mmbook import adapter


def test_the_runners_kernel_has_no_debugger_and_no_history(tmp_path, monkeypatch):
    """A kernel started as the runner starts it (:func:`mmbook.adapter.start_kernel`) answers, says it has
    no debugger, keeps no history, has debugpy unimportable, and writes nothing to its standard error at
    start-up (ipykernel's debugger warns about frozen modules there)."""
    from jupyter_core.utils import run_sync

    monkeypatch.setenv("MMPERF_KERNEL_DIR", str(tmp_path))
    monkeypatch.delenv("MMPERF_KERNEL_PRELOAD", raising=False)
    km = adapter.start_kernel(tmp_path)
    kc = km.client()
    kc.start_channels()
    try:
        info, outputs = run_sync(_ask)(kc)
        assert info["content"]["status"] == "ok"
        assert not info["content"].get("debugger")  # ipykernel's own launcher says True here
        assert outputs.startswith("False None True\n")  # history off; debugpy blocked and never imported
        # what the chapters' setup cells import was loaded before the kernel answered (mmbook.kernel.PRELOAD),
        # Matplotlib with ipykernel's inline backend, whose display of a figure still hooks into the shell
        assert outputs.splitlines()[1:] == ["preloaded: True True True", "module://matplotlib_inline.backend_inline",
                                            "inline display: True"], outputs
    finally:
        kc.stop_channels()
        adapter.stop_kernel(km)


def test_what_kernel_ready_leaves_on_iopub_answers_its_own_requests(tmp_path, monkeypatch):
    """:func:`mmbook.adapter.kernel_ready` does not wait for IOPub to fall silent (jupyter_client's
    wait_for_ready waits 0.2 s for that): whatever still arrives afterwards is a status message, either
    for its own ``kernel_info`` requests or the kernel's start-up broadcast (``starting``, no parent;
    it can arrive late under load: CI run of 8f9dd21). nbclient ignores both: it keeps only the
    messages answering the cell it runs."""
    from queue import Empty

    from jupyter_core.utils import run_sync

    monkeypatch.setenv("MMPERF_KERNEL_DIR", str(tmp_path))
    km = adapter.start_kernel(tmp_path)
    kc = km.client()
    kc.start_channels()
    try:
        run_sync(adapter.kernel_ready)(kc, 60)
        left = []
        while True:
            try:
                left.append(run_sync(kc.get_iopub_msg)(timeout=0.5))
            except Empty:
                break
        assert {(m["msg_type"], m["parent_header"].get("msg_type")) for m in left} <= {
            ("status", "kernel_info_request"), ("status", None)}
    finally:
        kc.stop_channels()
        adapter.stop_kernel(km)


def test_kernel_ready_gives_up_on_a_dead_kernel(tmp_path, monkeypatch):
    import pytest
    from jupyter_core.utils import run_sync

    monkeypatch.setenv("MMPERF_KERNEL_DIR", str(tmp_path))
    km = adapter.start_kernel(tmp_path)
    run_sync(km.shutdown_kernel)(now=True)
    kc = km.client()
    kc.start_channels()
    try:
        with pytest.raises(RuntimeError, match="died|did not reply"):
            run_sync(adapter.kernel_ready)(kc, 3)
    finally:
        kc.stop_channels()


async def _ask(kc):
    """The kernel's kernel_info reply, and what it prints about its history and debugpy."""
    await adapter.kernel_ready(kc, 60)
    kc.kernel_info()
    info = await kc.get_shell_msg(timeout=30)
    outputs = []
    code = "import sys; print(get_ipython().history_manager.enabled, sys.modules.get('debugpy', 'absent'), " \
           "'debugpy' in sys.modules)"
    code += ("\nprint('preloaded:', *(name in sys.modules for name in ('pandas', 'matplotlib.pyplot', 'mmbook.chapter')))"
             "\nimport matplotlib; print(matplotlib.rcParams._get_backend_or_none())"
             "\nimport matplotlib.pyplot as plt; from matplotlib.figure import Figure; plt.close(plt.figure())"
             "\nprint('inline display:', Figure in get_ipython().display_formatter.formatters['image/png'].type_printers)")
    reply = await kc.execute_interactive(code, timeout=30, output_hook=lambda msg: outputs.append(
        msg["content"]["text"]) if msg["msg_type"] == "stream" else None)
    assert reply["content"]["status"] == "ok"
    return info, "".join(outputs)


def test_kernel_command_swaps_only_ipykernels_launcher():
    assert adapter.kernel_command(["/py", "-m", "ipykernel_launcher", "-f", "c.json"]) == [
        "/py", "-m", "mmbook.kernel", "-f", "c.json", "--HistoryManager.enabled=False"]
    other = ["/py", "-m", "some_other_kernel", "-f", "c.json"]
    assert adapter.kernel_command(other) == other
    assert asyncio.iscoroutinefunction(adapter.kernel_ready)
