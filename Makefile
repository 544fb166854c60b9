# whoop: make run (build and analyse the bundled example), make test (all tests).
GO      ?= go
BIN     := bin/whoop
SHARED  ?= ../shared
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: all deps chromium build run test test-race fuzz bench bench-explore lint clean kernel-tree kernel-test recall

all: build

# deps installs what a fresh Debian machine lacks: the Z3 headers and library
# (libz3-dev), found through the C compiler so any install location counts.
deps:
	@if ! echo '#include <z3.h>' | $${CC:-gcc} -E -x c - >/dev/null 2>&1; then \
		echo "make deps: installing libz3-dev"; \
		SUDO=; if [ "$$(id -u)" != 0 ]; then SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && \
		$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libz3-dev; \
	fi

# chromium installs Debian's chromium when missing: report's
# TestHTMLChromium loads the HTML report in it headless (and skips, saying
# so, where it cannot be installed).
chromium:
	@if ! command -v chromium >/dev/null 2>&1; then \
		echo "make chromium: installing chromium"; \
		SUDO=; if [ "$$(id -u)" != 0 ]; then SUDO=sudo; fi; \
		{ $$SUDO apt-get update -qq && \
		$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } || \
		echo "make chromium: chromium could not be installed: TestHTMLChromium will skip"; \
	fi

build: deps
	$(GO) build -o $(BIN) ./cmd/whoop

# run analyses the bundled example driver; exit status 1 means "races
# found", which is what the example is for.
run: build
	./$(BIN) examples/ticket/ticket.c || [ $$? -eq 1 ]

# test also reads programs against a real Linux 6.12 tree (fetched once into
# the cache by scripts/kernel-tree) and runs kernel-test on a sample; the
# long kernel-tree checks of cmd/whoop read a quarter of their programs
# (kernel-test reads them all). The fuzz budget is a count, not a duration:
# Go 1.26's fuzz coordinator can fail a run with "context deadline exceeded"
# at the end of a -fuzztime duration having found nothing
# (go.dev/issue/75804, fixed in Go 1.27). TEST_TIMEOUT is each test
# binary's limit: at least twice what the slowest package (lockset, explore,
# cmd/whoop) takes on a 2-core VM shared with other work (docs/testing.md).
TEST_TIMEOUT ?= 20m
test: deps chromium
	$(GO) vet ./...
	@set -e; set -- $$(scripts/kernel-tree); \
	echo "WHOOP_KERNEL_TREE=$$1 WHOOP_KERNEL_BUILD=$$2 $(GO) test -timeout $(TEST_TIMEOUT) ./..."; \
	WHOOP_KERNEL_TREE=$$1 WHOOP_KERNEL_BUILD=$$2 $(GO) test -timeout $(TEST_TIMEOUT) ./...
	$(MAKE) --no-print-directory kernel-test KERNEL_SAMPLE=2
	$(GO) test -timeout 5m -race ./z3/...
	$(GO) test -timeout 5m -run '^$$' -fuzz FuzzLoad -fuzztime 2000x ./frontend

# bench prints the per-driver table (median of 5 runs of bin/whoop) next to
# the paper's figures; `go test -bench` benchmarks live beside the code.
bench: build
	$(GO) run ./cmd/benchtable -whoop $(BIN) -drivers $(SHARED)/drivers,$(SHARED)/paper-suite -runs 5

# bench-explore prints the bounded explorer's table (median of 3 runs per
# driver and yield set, modes interleaved) next to the paper's Table II.
bench-explore: deps
	$(GO) run ./cmd/benchexplore -drivers $(SHARED)/drivers,$(SHARED)/paper-suite -runs 3 -csb5 -limit 2m

# kernel-tree installs Debian's linux-source-6.12 and the matching
# linux-headers-<version>+deb12-amd64 when missing, unpacks the tree into
# $$WHOOP_CACHE (default ~/.cache/whoop, outside the repository) and prints
# "TREE BUILD".
kernel-tree:
	@scripts/kernel-tree

# kernel-test runs whoop from the tree's root over the driver files Debian's
# amd64 config builds in KERNEL_DIRS (KERNEL_SET=all: every .c file there)
# and prints a table per directory; KERNEL_SAMPLE=N takes N files per
# directory; KERNEL_OUT=DIR keeps each file's JSON report as
# DIR/<source path>.json. It fails only if whoop crashes or hangs on a file.
# Without a sample it then runs cmd/whoop's kernel-tree tests in full
# (WHOOP_KERNEL_TESTS=all: every program of testdata/kernel), which make
# test samples.
KERNEL_DIRS   ?= drivers/char drivers/watchdog drivers/rtc
KERNEL_SET    ?= built
KERNEL_SAMPLE ?= 0
KERNEL_JOBS   ?= 1
KERNEL_OUT    ?=
kernel-test: build
	@set -e; set -- $$(scripts/kernel-tree); \
	$(GO) run ./cmd/kerneltest -whoop $(BIN) -tree $$1 -build $$2 -set $(KERNEL_SET) \
		-sample $(KERNEL_SAMPLE) -j $(KERNEL_JOBS) $(if $(KERNEL_OUT),-out $(KERNEL_OUT)) $(KERNEL_DIRS); \
	if [ "$(KERNEL_SAMPLE)" = 0 ]; then \
		echo "WHOOP_KERNEL_TESTS=all $(GO) test -timeout 40m -run 'TestKernel|TestKbuild' ./cmd/whoop"; \
		WHOOP_KERNEL_TREE=$$1 WHOOP_KERNEL_BUILD=$$2 WHOOP_KERNEL_TESTS=all $(GO) test -count=1 -timeout 40m -run 'TestKernel|TestKbuild' ./cmd/whoop; \
	fi

# recall runs WHOOP (default: this checkout's bin/whoop, built first) over
# recall/cases.json, real driver races people reported and fixed, from the
# kernel tree (a fix the tree has is reverted on a temporary copy), and
# prints a table and "found N/M". Found/total is a measurement: it fails
# only if whoop crashes or hangs on a case or a case no longer fits the
# tree. RECALL_CASES=ID... runs only those cases; RECALL_FLAGS=-fixed also
# checks each reverted case on the tree as it is (whoop should not report
# the race there), -json DIR keeps whoop's reports.
WHOOP        ?= $(BIN)
RECALL_CASES ?=
RECALL_FLAGS ?=
recall: $(if $(filter $(BIN),$(WHOOP)),build,deps)
	@set -e; set -- $$(scripts/kernel-tree); \
	$(GO) run ./cmd/recall -whoop $(WHOOP) -tree $$1 -build $$2 -cases recall/cases.json $(RECALL_FLAGS) $(RECALL_CASES)

lint: deps
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...

clean:
	rm -rf bin
