# GridKit: `make demo` runs the demo app, `make test` runs every test, `make bench` measures.
SWIFT ?= swift
BIN_DEBUG = $(shell $(SWIFT) build --show-bin-path 2>/dev/null)
BIN_RELEASE = $(shell $(SWIFT) build -c release --show-bin-path 2>/dev/null)
# The app itself links the Swift runtime in: one self-contained binary, with no calls through
# the shared libraries' tables (0.01–0.03 ms off the key median in interleaved runs). Its own
# build directory, so the in-process benchmark's build is not relinked back and forth. Each
# function in a section of its own, and lld lays out the ones a key runs together, in the order
# they run (scripts/griddemo.order, made by `make link-order`): a key fetches its code from a
# hundred and thirty pages instead of some 280 (about 10 % off the photo grid's own time a key).
# (A clone's path must hold no spaces for these flags, as for the rest of this file.)
ORDER = $(CURDIR)/scripts/griddemo.order
APP_FLAGS = -c release --static-swift-stdlib --build-path .build/app \
  -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections -Xswiftc -use-ld=lld \
  $(if $(wildcard $(ORDER)),-Xlinker --symbol-ordering-file=$(ORDER) -Xlinker --no-warn-symbol-ordering)
# SwiftPM does not count the order as an input of the link: a binary older than it goes.
RELINK_IF_ORDER_CHANGED = @[ ! -e "$(BIN_APP)/griddemo" ] || [ "$(ORDER)" -ot "$(BIN_APP)/griddemo" ] || rm -f "$(BIN_APP)/griddemo"
BIN_APP = $(shell $(SWIFT) build $(APP_FLAGS) --show-bin-path 2>/dev/null)
# The README's program, built as an outside package that depends on this one by path.
EXAMPLE = Examples/FruitGrid
EXAMPLE_BIN = $(shell $(SWIFT) build --package-path $(EXAMPLE) --show-bin-path 2>/dev/null)

.PHONY: deps build example test demo bench bench-compare link-order docs api api-baseline lint format clean

deps:
	@scripts/check-deps.sh

build: deps
	$(SWIFT) build

# SwiftPM keeps a path dependency's list of source files from the example's last build, so a
# file added to GridKit breaks the example's next build: start it afresh when the list changed.
example: deps
	@stamp="$(EXAMPLE)/.build/gridkit-sources"; now="$$(find Sources -name '*.swift' -o -name '*.c' -o -name '*.h' | sort | cksum)"; \
	  if [ -d "$(EXAMPLE)/.build" ] && [ "$$(cat "$$stamp" 2>/dev/null)" != "$$now" ]; then rm -rf "$(EXAMPLE)/.build"; fi; \
	  $(SWIFT) build --package-path $(EXAMPLE) && echo "$$now" > "$$stamp"

# Unit, snapshot and screen tests, then the end-to-end tests that drive the real griddemo and the
# README's program in tmux.
test: deps lint example docs api
	$(SWIFT) build --build-tests
	@run="$$$$-$$(date +%s%N)"; names=$$(mktemp) && scripts/leftovers.sh --record "$$names" || exit 1; \
	  GRIDKIT_TEST_RUN="$$run" GRIDDEMO="$(BIN_DEBUG)/griddemo" FRUITGRID="$(EXAMPLE_BIN)/FruitGrid" APICHECK="$(EXAMPLE_BIN)/APICheck" TICKER="$(EXAMPLE_BIN)/Ticker" \
	    $(SWIFT) test --skip-build --disable-xctest && scripts/leftovers.sh "$$run" "$$names"; rc=$$?; rm -f "$$names"; exit $$rc

# The DocC catalog (Sources/GridKit/GridKit.docc), offline with the toolchain's docc; any
# warning fails it. The archive lands in .build/docs.
docs:
	@SWIFT="$(SWIFT)" scripts/docs.sh

# The public API of the library products against the baseline in api/ (any change fails until
# it is recorded on purpose with `make api-baseline`).
api:
	@scripts/api-check.sh

api-baseline:
	@scripts/api-check.sh update

# swift-format (in the toolchain) with the committed .swift-format; `make format` applies it.
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Examples/FruitGrid/Sources Package.swift

format:
	$(SWIFT) format --in-place --recursive Sources Tests Examples/FruitGrid/Sources Package.swift

demo: deps
	$(RELINK_IF_ORDER_CHANGED)
	$(SWIFT) build $(APP_FLAGS) --product griddemo
	$(BIN_APP)/griddemo $(ARGS)

bench: deps
	$(SWIFT) build -c release --product gridbench
	$(RELINK_IF_ORDER_CHANGED)
	$(SWIFT) build $(APP_FLAGS) --product griddemo
	$(BIN_RELEASE)/gridbench
	scripts/ptybench.sh $(BIN_APP)/griddemo $(BIN_RELEASE)/gridbench
	python3 scripts/keyfootprint.py $(BIN_APP)/griddemo
	python3 scripts/picture-quality.py $(BIN_APP)/griddemo --gridbench $(BIN_RELEASE)/gridbench --generated 2

# The photo grid's keys less the floor's, this work tree's build and REV's taking turns round
# after round (scripts/keycompare.sh): how two builds compare on a machine whose load moves
# every single figure.
bench-compare: deps
	@[ -n "$(REV)" ] || { echo "usage: make bench-compare REV=<commit> [ROUNDS=5]"; exit 2; }
	scripts/keycompare.sh -n $(or $(ROUNDS),5) $(REV)

# Makes scripts/griddemo.order again from callgrind counts of the keys (needs valgrind): after
# a change to the key path, so the layout follows the code.
link-order: deps
	APP_FLAGS="$(APP_FLAGS)" SWIFT="$(SWIFT)" scripts/link-order.sh

clean:
	rm -rf .build $(EXAMPLE)/.build
