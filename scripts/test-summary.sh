#!/usr/bin/env bash
# Adds up the counts of every test runner's log given and prints one closing
# line, 'N passed, N failed', so a run reads as what it really ran.
set -euo pipefail
passed=0
failed=0
for log in "$@"; do
  [ -f "$log" ] || continue
  # cargo test: "test result: ok. 55 passed; 0 failed; ..."
  while read -r p f; do passed=$((passed + p)); failed=$((failed + f)); done < <(
    sed -n 's/.*test result: [a-zA-Z]*\. \([0-9]*\) passed; \([0-9]*\) failed.*/\1 \2/p' "$log")
  # vitest: "      Tests  42 passed (42)" or "Tests  1 failed | 41 passed (42)"
  while read -r line; do
    p=$(sed -n 's/.*[^0-9]\([0-9][0-9]*\) passed.*/\1/p' <<<"$line"); f=$(sed -n 's/.*[^0-9]\([0-9][0-9]*\) failed.*/\1/p' <<<"$line")
    passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
  done < <(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^\s*Tests\s+[0-9]' || true)
done
echo "all tests: $passed passed, $failed failed"
[ "$failed" = 0 ]
