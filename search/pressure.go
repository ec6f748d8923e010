package search

import (
	"math"
	"runtime/debug"
	"runtime/metrics"
)

// pressureShare is how much of the runtime's soft memory limit the
// process may use before the cache lets go of what it holds.
const pressureShare = 0.85

// pressureEvery is how many cache insertions go between two reads of the
// process's memory: a read costs about a microsecond, an insertion comes
// once per file searched.
const pressureEvery = 16

// pressure tells whether the process is near the memory limit set on the
// Go runtime (debug.SetMemoryLimit, or GOMEMLIMIT). With no limit set it
// never is. It is read under the cache's lock.
type pressure struct {
	n       int
	last    bool
	samples [2]metrics.Sample
}

func (p *pressure) high() bool {
	if p.n++; p.n%pressureEvery != 1 {
		return p.last
	}
	limit := debug.SetMemoryLimit(-1)
	if limit == math.MaxInt64 {
		p.last = false
		return false
	}
	// What the process keeps: the heap live at the last collection and
	// the goroutines' stacks. Not the heap's garbage: under a limit the
	// heap grows to near it by design before the collector runs, and the
	// cache is no reason to let go then.
	p.samples[0].Name = "/gc/heap/live:bytes"
	p.samples[1].Name = "/memory/classes/heap/stacks:bytes"
	metrics.Read(p.samples[:])
	used := p.samples[0].Value.Uint64() + p.samples[1].Value.Uint64()
	p.last = float64(used) > pressureShare*float64(limit)
	return p.last
}
