#!/usr/bin/env bash
# fuzz.sh runs every fuzz target of the module for FUZZTIME (first
# argument, 60s by default), minimizing a new input for at most the
# second (2s).
#
# Go 1.26's fuzzing coordinator can fail a run that found nothing with a
# bare "context deadline exceeded" as the time runs out, on a busy
# machine (golang/go#75804, fixed in Go 1.27). Such a run, which wrote no
# failing input, is run once more; a run that wrote a failing input, or
# fails twice, fails.
set -uo pipefail
time=${1:-60s}
minimize=${2:-2s}
for pkg in $(go list ./...); do
	for f in $(go test -list '^Fuzz' "$pkg" | grep '^Fuzz'); do
		echo "fuzz $pkg $f"
		for attempt in 1 2; do
			out=$(go test -run '^$' -fuzz "^$f\$" -fuzztime "$time" -fuzzminimizetime "$minimize" "$pkg" 2>&1)
			rc=$?
			printf '%s\n' "$out"
			[ $rc -eq 0 ] && break
			if [ $attempt -eq 1 ] && grep -q 'context deadline exceeded' <<<"$out" && ! grep -q 'Failing input written' <<<"$out"; then
				echo "fuzz: $f stopped on the coordinator's deadline race (golang/go#75804) with no failing input; running it again"
				continue
			fi
			exit 1
		done
	done
done
