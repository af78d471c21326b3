"""Explanations of the surviving mutants of ``models.zeadally.analytic`` (see benchmarks/mutation.py)."""

EXPLANATIONS: list[tuple[str, str, str]] = [
    (r"mmstudies\.zeadally\.analytic\.x_model_vs_measured",
     r"zip\(df\[\"z_na_mbps\"\], df\[\"shm\"\], (strict=(None|False))?\)",
     "equivalent: both columns belong to the same DataFrame, so they always have the same length and zip's "
     "strict check can never fire."),
    (r"mmstudies\.zeadally\.analytic\.x_regression_points",
     r"\(~configs\[\"shm\"\]\.astype\(bool\)\)\.astype\(None\)",
     "equivalent: pandas' astype(None) converts to numpy's default dtype, float64, exactly as astype(float) "
     "(the tests compare the column with [1.0, 1.0, 1.0, 1.0, 0.0])."),
]
