# Roofscope: `make run` and `make test` set everything up on Debian 12 and then run or test.
BUILD_DIR   ?= build
ASAN_DIR    ?= build-asan
FUZZ_DIR    ?= build-fuzz
FUZZ_SECONDS ?= 20
JOBS        ?= 2
WERROR      ?= OFF
BUILD_TYPE  ?= Release
SESSION     ?= resources/examples/transformer-layer.yaml
# Events per example session and seed of the monkey test under the sanitizers (250 in the normal build).
ASAN_MONKEY_EVENTS ?= 120

# ccache, when installed, makes rebuilds after a branch switch or in a second checkout quick. With the
# precompiled headers it needs the sloppiness CMake sets for it (cmake/RoofscopePch.cmake).
CCACHE      := $(shell command -v ccache 2>/dev/null)
CMAKE_CONFIGURE = cmake -S . -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) $(if $(CCACHE),-DCMAKE_CXX_COMPILER_LAUNCHER=$(CCACHE))

.PHONY: all deps fuzz-deps package-deps configure build build-app run test test-asan fuzz fuzz-run package package-check \
	bench format format-check tidy clean

all: build

deps:
	@bash tools/install-deps.sh

$(BUILD_DIR)/build.ninja: | deps
	$(CMAKE_CONFIGURE) -B $(BUILD_DIR) -DROOFSCOPE_WERROR=$(WERROR)

configure: deps
	@$(CMAKE_CONFIGURE) -B $(BUILD_DIR) -DROOFSCOPE_WERROR=$(WERROR) >/dev/null

# Reconfigures when WERROR or BUILD_TYPE changed since the last configure.
RECONFIGURE = if ! grep -q "ROOFSCOPE_WERROR:BOOL=$(WERROR)" $(BUILD_DIR)/CMakeCache.txt \
		|| ! grep -q "CMAKE_BUILD_TYPE:STRING=$(BUILD_TYPE)$$" $(BUILD_DIR)/CMakeCache.txt; then \
		$(CMAKE_CONFIGURE) -B $(BUILD_DIR) -DROOFSCOPE_WERROR=$(WERROR) >/dev/null; fi

build: deps $(BUILD_DIR)/build.ninja
	@$(RECONFIGURE)
	cmake --build $(BUILD_DIR) -j$(JOBS)

# Only the program (not the test suites) with its manual page, completion and changelog: what `make run`
# and `make package` need.
build-app: deps $(BUILD_DIR)/build.ninja
	@$(RECONFIGURE)
	cmake --build $(BUILD_DIR) -j$(JOBS) --target roofscope roofscope_package_files

run: build-app
	./$(BUILD_DIR)/app/roofscope $(SESSION)

test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j$(JOBS) -LE bench

# The whole suite under AddressSanitizer + UndefinedBehaviorSanitizer.
test-asan: deps
	@test -f $(ASAN_DIR)/build.ninja || $(CMAKE_CONFIGURE) -B $(ASAN_DIR) -DCMAKE_BUILD_TYPE=Debug \
		-DROOFSCOPE_SANITIZE=ON -DROOFSCOPE_WERROR=$(WERROR)
	cmake --build $(ASAN_DIR) -j$(JOBS)
	cd $(ASAN_DIR) && ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp \
		UBSAN_OPTIONS=print_stacktrace=1 ROOFSCOPE_MONKEY_EVENTS=$(ASAN_MONKEY_EVENTS) \
		ctest --output-on-failure -j$(JOBS) -LE bench

# libFuzzer targets for every parser (tests/fuzz), built with clang, ASan and UBSan in $(FUZZ_DIR)/.
fuzz-deps: deps
	@bash tools/install-deps.sh --fuzz

fuzz: fuzz-deps
	@test -f $(FUZZ_DIR)/build.ninja || cmake -S tests/fuzz -B $(FUZZ_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
		-DCMAKE_CXX_COMPILER=clang++ $(if $(CCACHE),-DCMAKE_CXX_COMPILER_LAUNCHER=$(CCACHE))
	cmake --build $(FUZZ_DIR) -j$(JOBS)

# Each target for FUZZ_SECONDS on top of the stored corpus; a failing input lands in tests/fuzz/regressions/.
fuzz-run: fuzz
	bash tools/run-fuzzers.sh $(FUZZ_DIR) $(FUZZ_SECONDS)

# The Debian package (CPack): $(BUILD_DIR)/roofscope_<version>_<arch>.deb.
package-deps: deps
	@bash tools/install-deps.sh --package

package: package-deps build-app
	cd $(BUILD_DIR) && cpack -G DEB

# Validates the desktop file and AppStream metadata, unpacks the .deb into a temporary folder and runs
# the unpacked program's command line there.
package-check: package
	bash tools/check-package.sh $(BUILD_DIR)

bench: build
	cmake --build $(BUILD_DIR) -j$(JOBS) --target roofscope_benches
	./$(BUILD_DIR)/tests/roofscope-bench
	./$(BUILD_DIR)/tests/roofscope-ranges-bench

format:
	clang-format -i $$(git ls-files '*.cpp' '*.h')

format-check:
	clang-format --dry-run -Werror $$(git ls-files '*.cpp' '*.h')

# clang-tidy needs only the compile commands (core has no generated sources), without the
# precompiled headers: the compiler's own .gch files mean nothing to clang.
TIDY_DIR    ?= build-tidy
tidy: deps
	@$(CMAKE_CONFIGURE) -B $(TIDY_DIR) -DROOFSCOPE_PCH=OFF >/dev/null
	clang-tidy -p $(TIDY_DIR) $$(git ls-files 'core/*.cpp')

clean:
	rm -rf $(BUILD_DIR) $(ASAN_DIR) $(FUZZ_DIR) $(TIDY_DIR)
