package cli

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// fallbackMemoryLimit is the soft memory limit when the container sets
// none lower: search at its largest (a whole standard library, every
// match in full) stays well under it, the cache's budget fits in it with
// room for the language servers' replies, and a 1 GiB container keeps
// half for the rest.
const fallbackMemoryLimit = 512 << 20

// defaultMemoryLimit is the soft limit when --memory-limit is not given:
// 512 MiB, or three quarters of the container's memory limit when that is
// lower, so that the runtime collects before the kernel kills.
func defaultMemoryLimit() int64 {
	limit := int64(fallbackMemoryLimit)
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
		return fmt.Errorf("want a size such as 512MiB, 2GiB or 0, got %q", s)
	}
	*b = byteSize(n * float64(mult))
	return nil
}
