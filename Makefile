# make test   installs the peers the tests need, then runs every test with
#             AGENTTOOLS_REQUIRE_PEERS=1 (a missing peer fails, not skips);
#             the packages that run things concurrently under the race
#             detector, the grammars, the matcher and the search
#             (CPU-bound, one goroutine a file) without it
# make build  static CGO_ENABLED=0 binaries for four platforms into dist/
# make bench  the Go benchmarks
# make fuzz   each fuzz target for FUZZTIME (60s; CI runs 10s each)

# PEERS lists the peers that the tests need today; each issue that adds
# tests against a peer adds it here (scripts/peers.sh knows them all).
PEERS := ast-grep gopls python3 pandas matplotlib pyright typescript-language-server typescript jscorpus clangd dlv debugpy lldb-dap gcc rustsrc rustcrates mcpsdk clang14 sqlite3c gcctorture cppcorpus jdk17 javaparser javacorpus jdtls
FUZZTIME ?= 60s
# Minimizing a new input re-runs it many times and stalls a short run.
FUZZMINIMIZE ?= 2s
VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
PLATFORMS := linux/amd64 linux/arm64 darwin/arm64 windows/amd64

export PATH := $(CURDIR)/.peers/bin:$(CURDIR)/.peers/node_modules/.bin:$(PATH)

.PHONY: test peers build bench fuzz

# RACE lists the packages that run things concurrently: servers, adapters,
# kernels, workers, the faces and the dispatcher. make test runs them under
# the race detector, and the rest without it. They run one package at a
# time: on two cores, language servers of several packages at once left a
# server's project half loaded when a test asked it.
RACE := ./tool/... ./tools/... ./internal/... ./vibe/... ./interp/... ./lspclient/... ./dapclient/...

test: peers
	AGENTTOOLS_REQUIRE_PEERS=1 go test -race -p 1 -count=1 -timeout 25m $(RACE)
	AGENTTOOLS_REQUIRE_PEERS=1 go test -count=1 -timeout 25m $$(go list ./... | grep -v -x -F "$$(go list $(RACE))")

peers:
	@scripts/peers.sh $(PEERS)

build:
	@mkdir -p dist
	@for p in $(PLATFORMS); do \
		os=$${p%/*}; arch=$${p#*/}; ext=; [ $$os = windows ] && ext=.exe; \
		out=dist/agenttools-$$os-$$arch$$ext; \
		echo "build $$out"; \
		CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch go build -trimpath \
			-ldflags "-s -w -X github.com/agenttools/agenttools/internal/cli.Version=$(VERSION)" \
			-o $$out ./cmd/agenttools || exit 1; \
	done

bench:
	go test -run '^$$' -bench . -benchmem ./...

fuzz:
	@scripts/fuzz.sh $(FUZZTIME) $(FUZZMINIMIZE)
