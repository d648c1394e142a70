#!/usr/bin/env bash
# The load harness, run once over as a smoke test, so a broken harness fails CI rather than the
# next person who measures: every request of benches/load/requests.txt through the baseline
# (wrk against the service and the bare server) and the paced rounds (the open-loop client),
# then the hostile rounds (the attacker), each as short as it goes. The figures of so short a
# run mean nothing; what is checked is that every mode completes, every request gets its row,
# every answer was 2xx or 3xx, and the figures are numbers. Then each request's instructions,
# counted by callgrind, against its ceiling: a regression guard that timing cannot be.
#
# Locally: `bash .ci/load.sh` (Linux; run.sh installs wrk with apt-get when missing).
set -euo pipefail
shopt -s inherit_errexit 2>/dev/null || true
cd "$(dirname "$0")/.."

echo "== load harness: one short round of every mode"
export ROUNDS=1 DURATION=1 PROBE=1 RATE=2000 ATTACK_RAMP=3 SILENT=400 ZERO_WINDOW=2
# The harness pins the server to core 0 and its clients to core 1; on a one-core machine both
# share core 0 (the figures mean nothing here anyway).
if [ "$(nproc)" -lt 2 ]; then
    export SERVER_CPU=0 CLIENT_CPU=0
fi
log=target/load/ci.log
mkdir -p target/load
benches/load/run.sh all 2>&1 | tee "$log"

fail() {
    echo "load.sh: $*" >&2
    exit 1
}
! grep -q '^warning:' "$log" || fail "some answers were not 2xx or 3xx (see the warnings above)"
names=$(awk '$1 !~ /^#/ && NF { print $1 }' benches/load/requests.txt)
for report in baseline paced; do
    for name in $names; do
        row=$(grep -m1 "^| $name |" "target/load/$report.md") || fail "$report: no row for $name"
        # Every cell after the name holds numbers (a ratio, "p50 / p50", a paired median with
        # its range "0.95 (0.91-0.99)", ...), none of them empty.
        awk -F'|' -v r="$report" '{
            for (i = 3; i < NF; i++) if ($i !~ /^ *[0-9][0-9.]*( \/ [0-9][0-9.]*| \([0-9][0-9.]*-[0-9][0-9.]*\))? *$/) { print r ": bad cell \"" $i "\" in " $0; exit 1 }
        }' <<<"$row" || fail "$report: a row that is not all figures"
    done
done
for name in $(sed -n 's/^HOSTILE_REQUESTS=\${HOSTILE_REQUESTS:-\(.*\)}$/\1/p' benches/load/run.sh); do
    grep -q "^| $name | [1-9]" target/load/hostile.md || fail "hostile: no figures for $name"
done
echo "load.sh: every mode ran and every request has its figures"

# The one performance check that can fail CI: instructions per request under callgrind, which do
# not move with the machine's other work, each within its ceiling (benches/load/icount-ceilings.txt).
echo "== instructions per request against their ceilings"
benches/load/icount.sh --check
