//! Benchmarks live in src/bin; shared generators here.
