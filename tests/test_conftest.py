"""The test suite's scheduling under two workers (tests/conftest.py; issue 27 item 6): the order and the
groups are computed from the collected tests, and the Makefile asks xdist for the scheduler that reads them.
``schedule_order``'s own doctest checks the order by hand."""

import copy
import re

import conftest
import pytest


@pytest.fixture(scope="module")
def shared():
    return object()


def test_a_test_using_a_module_fixture_is_grouped(request, shared):
    assert conftest._shares_a_module_fixture(request.node)


def test_a_test_with_function_fixtures_only_is_not_grouped(request, tmp_path):
    assert not conftest._shares_a_module_fixture(request.node)


def test_a_named_group_reaches_the_node_id_the_scheduler_reads(request):
    """xdist's loadgroup scheduler reads the group from the node id's ``@`` suffix; pytest-xdist 3.8 writes
    it where pytest 9 does not read it, so conftest writes it itself (a copy of this test's item here)."""
    item = copy.copy(request.node)
    conftest._name_the_group(item, "tests/x.py")
    assert item.nodeid == f"{request.node.nodeid}@tests/x.py"
    assert "@" not in request.node.nodeid  # the copy only
    conftest._name_the_group(item, "tests/x.py")  # named once, however often asked
    assert item.nodeid.count("@") == 1


def test_make_test_and_quick_ask_for_the_grouping_scheduler_in_the_order_given(root):
    """Without ``--dist loadgroup`` the hook leaves the order alone (under ``--dist load`` long tests first
    would all go to the first worker); without ``--no-loadscope-reorder`` xdist re-sorts the units by their
    number of tests."""
    makefile = (root / "Makefile").read_text()
    dist = re.search(r"^PYTEST_DIST\s*:?=\s*(.+)$", makefile, re.M).group(1).split()
    assert dist == ["--dist", "loadgroup", "--no-loadscope-reorder"]
    for target in ("test", "quick"):
        recipe = re.search(rf"^{target}:.*\n((?:\t.*\n)+)", makefile, re.M).group(1)
        assert "pytest -n 2 $(PYTEST_DIST)" in recipe, target


@pytest.mark.xdist_group("labs-demo")
def test_a_tests_own_xdist_group_mark_names_its_unit(request):
    """tests/test_course_labs.py marks the labs of one chapter with one group: they are one unit."""
    assert conftest._marked_group(request.node) == "labs-demo"
    units = conftest.schedule_order([request.node], cost=lambda item: 0.0)
    assert [(unit, len(members)) for unit, members in units] == [("labs-demo", 1)]
