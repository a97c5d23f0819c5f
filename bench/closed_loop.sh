#!/usr/bin/env bash
# The closed loop on the bundled sample (its bar), one embedded run per seed given:
# parse the sample, fit it, run the profile at time scale 1, score the run's own trace.
# usage: bench/closed_loop.sh [seed...]   (default seed 0; after bin/setup; results in build/cl)
set -euo pipefail
cd "$(dirname "$0")/.."
out=build/cl
jar=dist/target/mimesisbench.jar
mkdir -p "$out"
if [ ! -d "$out/trace" ]; then
  java -jar "$jar" parse --audit tests/sample-trace/data/audit \
    --fsimage tests/sample-trace/data/fsimage/fsimage_0000000000000000787 --tz UTC --out "$out/trace" --quiet
fi
if [ ! -d "$out/profile" ]; then
  .venv/bin/mimesis-model fit "$out/trace" --out "$out/profile"
fi
for seed in "${@:-0}"; do
  echo "seed $seed: $(date +%T), load $(cut -d' ' -f1-3 /proc/loadavg)"
  java -jar "$jar" run --profile "$out/profile" --time-scale 1 --seed "$seed" --out "$out/run-s$seed" > "$out/run-s$seed.log" 2>&1
  .venv/bin/mimesis-model fidelity "$out/profile" "$out/run-s$seed" --against tests/sample-trace/trace | tee "$out/fidelity-s$seed.txt"
done
