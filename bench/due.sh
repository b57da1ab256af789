#!/usr/bin/env bash
# Due engine benchmark: 100,000 pieces of equipment × 3 service types, in Rust (release) and
# in TypeScript on Node; prints both figures, their ratio, and each figure as a ratio of its
# goal (Rust < 150 ms, TypeScript < 500 ms; below 1.00 meets it). Both build the same data,
# so their checksum lines must match.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/env.sh
count="${1:-100000}"

cargo build --release --quiet -p fieldtag-bench --bin due
rust_bin="$CARGO_TARGET_DIR/release/due"
rust_out=$("$rust_bin" "$count")

make --no-print-directory web-deps
out="node_modules/.cache/due-bench"
(cd web && npx --no-install vite build --ssr ../bench/due/bench.ts --outDir "$out" --emptyOutDir --logLevel warn --minify false)
ts_out=$(node "web/$out/bench.js" "$count")

echo "$rust_out"
echo "$ts_out"
rust_ms=$(sed -n 's/.* in \([0-9]*\) ms.*/\1/p' <<<"$rust_out" | head -1)
ts_ms=$(sed -n 's/.* in \([0-9]*\) ms.*/\1/p' <<<"$ts_out" | head -1)
awk -v r="$rust_ms" -v t="$ts_ms" 'BEGIN { printf "ratio: TypeScript / Rust = %.1f\n", t / (r > 0 ? r : 1) }'
awk -v r="$rust_ms" -v t="$ts_ms" 'BEGIN { printf "goals: Rust %d / 150 ms = %.2f, TypeScript %d / 500 ms = %.2f\n", r, r / 150, t, t / 500 }'
echo "load: $(uptime | sed 's/.*load average: //')"
if [ "$(grep checksum <<<"$rust_out" | cut -d: -f2-)" != "$(grep checksum <<<"$ts_out" | cut -d: -f2-)" ]; then
  echo "the twins disagree: the checksums differ" >&2
  exit 1
fi
