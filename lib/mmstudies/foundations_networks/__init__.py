"""Part I, Foundations: networks of queues (Jackson, exact MVA, bounds) and where product form fails, on a
station built from Huynh's transcribed inputs (data/huynh, read through :mod:`mmperf.data`).

- :mod:`.analytic` - the station's service times from the data, the open and closed product-form solutions;
- :mod:`.model` - Ciw runs of the same station with its real service distributions;
- :mod:`.experiments` - theory beside simulation, and the exercises' answers;
- :mod:`.figures` - the chapter's figures.
"""
