"""The claypool-load data files validate and hold the seed's numbers."""

from mmperf.data import validate_study
from mmstudies.claypool_load.data import load_inputs


def test_the_load_tables_validate():
    names = validate_study("claypool")
    for t in ("load_table5_1", "load_table5_3", "load_table6_1", "load_table6_2", "load_table6_3", "load_table7_2",
              "load_u6", "load_values"):
        assert t in names


def test_transcribed_values_are_the_seeds():
    """Table 5.1 (seed line 1312), Table 5.3 IPX None (line 1361), Table 7.2 Read (line 2025)."""
    inp = load_inputs()
    assert int(inp.table5_1.set_index("machine").loc["IPX", "bare_count_200s"]) == 340539937
    t53 = inp.table5_3.set_index(["machine", "algorithm"])
    assert float(t53.loc[("IPX", "None"), "predicted_s"]) == 6.96
    assert float(inp.table7_2.set_index("component").loc["Read", "actual_per_s"]) == 6354
    assert inp.values["indigo2_over_pi"].label == "paper"
    assert inp.u6_value("U6-e", "50 Processor Servers") == 4680
