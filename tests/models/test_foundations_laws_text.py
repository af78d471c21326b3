"""The operational laws chapter's composed sentences (mmstudies.foundations_laws.text)."""

from mmstudies.foundations_laws import text


def test_regression_sentence_writes_a_large_chi_square_without_e_notation():
    """Issue 25: chi-square 13,050 over 5 points is 13,050 / (5 - 2) = 4,350 per degree of freedom, which ``.3g``
    printed "4.35e+03"; the book's numbers (mmperf.tables.sig) write 4,350, an intercept of -0.0123 s as
    -0.0123 and a standard error of 0.00032 as 0.00032."""
    c = {"ols": {"b0": -0.0123, "b1": 1.2, "se_b1": 0.00032}, "wls": {"b0": 0.5, "b1": 0.95, "se_b1": 0.004,
                                                                       "chi2": 13050.0},
         "points": [None] * 5}
    s = text.regression(c)
    assert s.startswith("Ordinary least squares gives measured = -0.0123 s + 1.200 × predicted (slope standard "
                        "error 0.00032); weighting each point by its printed interval gives 0.500 s + 0.950 × "
                        "predicted (standard error 0.0040). The weighted fit's chi-square per degree of freedom is "
                        "4,350: near 1")
