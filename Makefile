# GridKit: `make demo` runs the demo app, `make test` runs every test, `make bench` measures.
SWIFT ?= swift
BIN_DEBUG = $(shell $(SWIFT) build --show-bin-path 2>/dev/null)
BIN_RELEASE = $(shell $(SWIFT) build -c release --show-bin-path 2>/dev/null)

.PHONY: deps build test demo bench clean

deps:
	@scripts/check-deps.sh

build: deps
	$(SWIFT) build

# Unit and snapshot tests, then the end-to-end tests that drive the real griddemo in tmux.
test: deps
	$(SWIFT) build --build-tests
	GRIDDEMO="$(BIN_DEBUG)/griddemo" MINIGRID="$(BIN_DEBUG)/minigrid" $(SWIFT) test --skip-build --disable-xctest

demo: deps
	$(SWIFT) build -c release --product griddemo
	$(BIN_RELEASE)/griddemo $(ARGS)

bench: deps
	$(SWIFT) build -c release --product gridbench
	$(SWIFT) build -c release --product griddemo
	$(BIN_RELEASE)/gridbench
	scripts/ptybench.sh $(BIN_RELEASE)/griddemo

clean:
	rm -rf .build
