"""Part I, chapter 1: operational laws and measurement (utilisation, Little's law, forced flow, bottleneck and
asymptotic bounds; warm-up, replications and confidence intervals; ordinary and weighted regression; 2^k
factorial design), worked on Zeadally's data path and Claypool's per-event cost predictions."""
