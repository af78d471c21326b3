"""Every transcribed table loads and validates; broken files give clear messages."""

import shutil

import pytest

from mmperf import data
from mmperf.data import DataError

STUDIES = data.studies()


@pytest.mark.parametrize("study", STUDIES)
def test_every_study_validates(study):
    names = data.validate_study(study)
    assert names, f"data/{study} declares no tables"
    for name in names:
        df = data.load_table(study, name)
        assert len(df) > 0, f"{study}/{name} is empty"
        prov = df.attrs["provenance"]
        assert prov["seed"] and prov["source"] and prov["where"]


def test_labels_are_declared_for_every_numeric_column():
    for study in STUDIES:
        prov = data.provenance(study)
        for name, table in prov["tables"].items():
            for col, spec in table["columns"].items():
                if spec["type"] != "str":
                    assert spec.get("label") in data.LABELS + ("row",), f"{study}/{name}.{col}"


@pytest.fixture
def broken(tmp_path, monkeypatch):
    root = tmp_path
    (root / "_config.yml").write_text("title: t\n")
    folder = root / "data" / "toy"
    folder.mkdir(parents=True)
    (folder / "provenance.yml").write_text(
        "study: toy\nseed: s.txt\ncitation: c\ntables:\n  t1:\n    file: t1.csv\n    source: Table 1\n"
        "    where: p. 1\n    description: d\n    columns:\n      name: {type: str}\n"
        "      x: {type: float, unit: s, label: paper}\n")
    monkeypatch.setenv("MMPERF_ROOT", str(root))
    return folder


def test_missing_file(broken):
    with pytest.raises(DataError, match=r"t1.csv is missing \(declared as table 't1'"):
        data.load_table("toy", "t1")


def test_wrong_columns(broken):
    (broken / "t1.csv").write_text("name,y\na,1\n")
    with pytest.raises(DataError, match=r"columns are \['name', 'y'\] but provenance.yml declares"):
        data.load_table("toy", "t1")


def test_bad_number_names_the_line(broken):
    (broken / "t1.csv").write_text("name,x\na,1\nb,one\n")
    with pytest.raises(DataError, match=r"column 'x' must be float, found \['one'\] on line\(s\) \[3\]"):
        data.load_table("toy", "t1")


def test_empty_cell_needs_nullable(broken):
    (broken / "t1.csv").write_text("name,x\na,\n")
    with pytest.raises(DataError, match="empty on line"):
        data.load_table("toy", "t1")


def test_unknown_label(broken):
    (broken / "provenance.yml").write_text((broken / "provenance.yml").read_text().replace("paper", "guess"))
    (broken / "t1.csv").write_text("name,x\na,1\n")
    with pytest.raises(DataError, match="needs a label"):
        data.load_table("toy", "t1")


def test_stray_csv_without_provenance(broken):
    (broken / "t1.csv").write_text("name,x\na,1\n")
    (broken / "extra.csv").write_text("a\n1\n")
    with pytest.raises(DataError, match="have no entry in provenance.yml"):
        data.validate_study("toy")


def test_missing_provenance_and_unknown_study(broken):
    with pytest.raises(DataError, match="no data folder for study 'nope'"):
        data.load_table("nope", "t1")
    shutil.move(broken / "provenance.yml", broken / "gone.yml")
    with pytest.raises(DataError, match="provenance.yml is missing"):
        data.load_table("toy", "t1")


def test_a_machines_specint92_is_the_same_wherever_it_is_transcribed():
    """The thesis gives each workstation's SPECint92 once (Table 3.3, or Sections 6.5.4 and 7.6.2); three
    of the Claypool packages transcribe some of them in their own files. Every copy must carry the same
    number as the others (a typo in one would silently give two chapters different machines), and the
    seed's: Table 3.3 (seed lines 801-803: IPX 21.8, Sparc 5 64.0), Section 6.5.4 (line 1805: IPX 21.8,
    Indigo 2 92.2) and Section 7.6.2 (line 2062: Personal Iris 22.4, Indigo 2 92.2)."""
    from mmperf.data import load_table, load_values

    table = load_table("claypool", "ch3_table3_3").set_index("workstation")["SPECint92"]
    copies = {
        "ipx": [table["IPX"], load_values("claypool", "quality_systems")["specint92_ipx"],
                load_values("claypool", "load_values")["specint92_ipx"]],
        "sparc5": [table["Sparc 5"], load_values("claypool", "quality_systems")["specint92_sparc5"]],
        "personal_iris": [load_values("claypool", "quality_systems")["specint92_personal_iris"],
                          load_values("claypool", "load_values")["specint92_personal_iris"]],
        "indigo2": [load_values("claypool", "quality_systems")["specint92_indigo2"],
                    load_values("claypool", "load_values")["specint92_indigo2"]],
    }
    assert {machine: sorted({float(v) for v in values}) for machine, values in copies.items()} == {
        "ipx": [21.8], "sparc5": [64.0], "personal_iris": [22.4], "indigo2": [92.2]}
