package cli

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// workingMemory is what a run needs beyond the search cache: one search
// at its largest (the trees of the files being parsed, at most 2 MiB of
// source at once, and every match of a whole standard library in full,
// about 60 MB) with room for a language server's reply. The default soft
// limit is it plus the cache's budget, so a one-shot call, which caches
// nothing, stays under 100 MB, and a long session under its budget plus
// this.
const workingMemory = 96 << 20

// autoMemoryLimit is the --memory-limit flag's value when it is not
// given: defaultMemoryLimit decides.
const autoMemoryLimit = -1

// DefaultMemoryLimit is the soft limit when --memory-limit is not given:
// workingMemory and the cache's budget, or three quarters of the
// container's memory limit when that is lower, so that the runtime
// collects before the kernel kills.
func DefaultMemoryLimit(cacheBudget int64) int64 {
	limit := workingMemory + max(cacheBudget, 0)
	for _, f := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
		if err != nil || n <= 0 { // "max": no limit
			continue
		}
		limit = min(limit, n/4*3)
		break
	}
	return limit
}

// byteSize is a flag of a number of bytes: 1048576, 512MiB, 2GiB, 300MB,
// or 0 for none.
type byteSize int64

func (b *byteSize) String() string {
	n := int64(*b)
	switch {
	case n < 0:
		return "auto"
	case n == 0:
		return "0"
	case n%(1<<30) == 0:
		return fmt.Sprintf("%dGiB", n>>30)
	case n%(1<<20) == 0:
		return fmt.Sprintf("%dMiB", n>>20)
	}
	return strconv.FormatInt(n, 10)
}

func (b *byteSize) Set(s string) error {
	if strings.TrimSpace(s) == "auto" {
		*b = autoMemoryLimit
		return nil
	}
	units := []struct {
		suffix string
		mult   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"B", 1}}
	num, mult := strings.TrimSpace(s), int64(1)
	for _, u := range units {
		if strings.HasSuffix(num, u.suffix) {
			num, mult = strings.TrimSuffix(num, u.suffix), u.mult
			break
		}
	}
	n, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
	if err != nil || n < 0 {
		return fmt.Errorf("want a size such as 512MiB, 2GiB, 0 for none or auto, got %q", s)
	}
	*b = byteSize(n * float64(mult))
	return nil
}
