#!/usr/bin/env bash
# On the GPU machine: build the unchanged probe.cu with the generated patterns.h, profile every launch with ncu in
# chunks (--launch-skip/--launch-count), appending to $OUT/ncu.csv ("#CHUNK s" marks where each chunk's IDs start),
# and stop starting chunks after BUDGET seconds.
set -u
cd "$(dirname "$0")"
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
{ which nvcc ncu; nvidia-smi --query-gpu=name,driver_version --format=csv; uname -r; nvcc --version | tail -2; ncu --version; } > "$OUT/gpu.txt" 2>&1
cat "$OUT/gpu.txt"
PAT=${PAT:-patterns.h}; rm -rf /tmp/pb; mkdir -p /tmp/pb; cp probe.cu /tmp/pb/; cp "$PAT" /tmp/pb/patterns.h
nvcc -std=c++17 -arch=sm_90 /tmp/pb/probe.cu -o /tmp/probe > "$OUT/build.txt" 2>&1 || { cat "$OUT/build.txt"; exit 1; }
/tmp/probe >> "$OUT/build.txt" 2>&1; tail -1 "$OUT/build.txt"
ncu --query-metrics > /tmp/all_metrics.txt 2>&1
ms=$(grep -oE "^(l1tex__data_pipe_lsu_wavefronts_mem_shared[a-z_]*|l1tex__data_bank_conflicts_pipe_lsu_mem_shared[a-z_]*|smsp__sass_inst_executed_op_(shared_ld|shared_st|ldsm|stsm)) " /tmp/all_metrics.txt | tr -d ' ' | sed 's/$/.sum/' | paste -sd,)
echo "metrics: $ms" | tee "$OUT/used_metrics.txt"
grep -E "shared|ldsm|stsm" /tmp/all_metrics.txt > "$OUT/shared_metrics.txt"
NPAT=$(grep -o 'define NPAT [0-9]*' /tmp/pb/patterns.h | awk '{print $3}')
CH=${CH:-200}; START=${START:-0}; DEADLINE=$((SECONDS + ${BUDGET:-480}))
s=$START
while [ "$s" -lt "$NPAT" ]; do
  if [ "$SECONDS" -ge "$DEADLINE" ]; then echo "stopped before chunk $s (budget)"; break; fi
  echo "#CHUNK $s" >> "$OUT/ncu.csv"
  t0=$SECONDS
  timeout $((DEADLINE - SECONDS + 30)) ncu --clock-control none --csv --launch-skip "$s" --launch-count "$CH" \
      --metrics "$ms" /tmp/probe >> "$OUT/ncu.csv" 2>> "$OUT/ncu.err"
  echo "chunk $s rc $? $((SECONDS - t0))s"
  s=$((s + CH))
done
echo "#END $s" >> "$OUT/ncu.csv"
wc -l "$OUT/ncu.csv"; tail -3 "$OUT/ncu.err"
