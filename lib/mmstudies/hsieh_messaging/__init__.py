"""Hsieh (1997), thesis chapters 2-3: PVM message passing over ATM and HIPPI, HIPPI over ATM.

Modules: :mod:`.analytic` (closed forms, unit checks, Eqs. 2.2 and 3.1-3.2, Figure 3.4),
:mod:`.model` (Ciw: echo over PVM routes, message streams, multicast), :mod:`.synthetic`
(synthetic echo measurements and statsmodels fits), :mod:`.tcp` (window-limited sender),
:mod:`.scoring` (the scorecard) and :mod:`.figures` (all drawing).
"""

from mmstudies.hsieh_messaging import analytic, model, synthetic  # noqa: F401
