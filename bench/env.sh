# Sourced by every bench script: the same cargo target directory as `make`, so a benchmark run
# directly reuses the build instead of starting over in ./target.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/fieldtag-target}"
