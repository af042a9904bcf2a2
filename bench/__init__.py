"""bench: benchmarks that time menudex against its peers on the same input in the same run, with their results."""
