"""Study models, one module or package per chapter."""
