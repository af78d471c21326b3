"""mmbook.lockfile: reading a hashed requirements file and adding the plain pins of extras-only pins."""

from __future__ import annotations

from mmbook.lockfile import add_base_pins, main, read_requirements

H1, H2 = "sha256:" + "1" * 64, "sha256:" + "2" * 64
LOCK = (
    "# header\n"
    f"markdown-it-py[linkify]==3.0.0 ; python_version >= '3.11' \\\n    --hash={H1} \\\n    --hash={H2}\n"
    "    # via\n    #   jupytext\n"
    f"six==1.17.0 \\\n    --hash={H1}\n"
)


def test_read_requirements_joins_continuations_and_keeps_markers():
    pins = read_requirements(LOCK)
    assert [(p.name, p.extras, p.version, p.marker, p.hashes, p.line) for p in pins] == [
        ("markdown-it-py", ("linkify",), "3.0.0", "python_version >= '3.11'", (H1, H2), 2),
        ("six", (), "1.17.0", "", (H1,), 7),
    ]


def test_read_requirements_counts_an_editable_requirement_without_hash():
    assert [(p.name, p.version, p.hashes) for p in read_requirements("-e .\n--require-hashes\n")] == [
        (".", None, ())]


def test_add_base_pins_copies_version_marker_and_hashes_without_the_extras():
    added = read_requirements(add_base_pins(LOCK))[2:]
    assert [(p.name, p.extras, p.version, p.marker, p.hashes) for p in added] == [
        ("markdown-it-py", (), "3.0.0", "python_version >= '3.11'", (H1, H2))]


def test_add_base_pins_leaves_a_lock_with_plain_pins_alone():
    plain = f"markdown-it-py==3.0.0 ; python_version >= '3.11' \\\n    --hash={H1}\n" + LOCK
    assert add_base_pins(plain) == plain


def test_add_base_pins_pins_each_marker_of_a_forked_project():
    """A universal lock may hold one pin per Python range; each range needs its own plain pin."""
    forked = LOCK.replace(">= '3.11'", ">= '3.12'") + f"markdown-it-py[linkify]==2.0.0 ; python_version < '3.12' --hash={H1}\n"
    added = read_requirements(add_base_pins(forked))[3:]
    assert [(p.name, p.version, p.marker) for p in added] == [
        ("markdown-it-py", "3.0.0", "python_version >= '3.12'"), ("markdown-it-py", "2.0.0", "python_version < '3.12'")]


def test_main_rewrites_the_file_in_place(tmp_path):
    lock = tmp_path / "requirements.lock"
    lock.write_text(LOCK, encoding="utf-8")
    assert main([str(lock)]) == 0
    assert lock.read_text(encoding="utf-8") == add_base_pins(LOCK)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["requirements.lock"]


def test_main_refuses_a_missing_file_with_one_line(tmp_path, capsys):
    assert main([str(tmp_path / "nope.lock")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nope.lock: no such file" in err
    assert not (tmp_path / "nope.lock").exists()


def test_main_refuses_a_malformed_file_and_leaves_it(tmp_path, capsys):
    lock = tmp_path / "requirements.lock"
    lock.write_text("numpy==2.4.6\n@@not a requirement\n", encoding="utf-8")
    assert main([str(lock)]) == 2
    assert "line 2: not a requirement" in capsys.readouterr().err
    assert lock.read_text(encoding="utf-8") == "numpy==2.4.6\n@@not a requirement\n"
