"""Errors shared by the layers: raised by the science library and the studies, reported by the book engine."""


class ParameterError(ValueError):
    """A parameter is unknown, of the wrong type or outside its allowed range.

    The book engine reports it as one line naming the parameter, with exit status 2.

    Examples
    --------
    >>> raise ParameterError("trace_file: /no/such/file.csv: no such trace file")
    Traceback (most recent call last):
    ...
    mmperf.errors.ParameterError: trace_file: /no/such/file.csv: no such trace file
    """
