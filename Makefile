# Roofscope: `make run` and `make test` set everything up on Debian 12 and then run or test.
BUILD_DIR   ?= build
ASAN_DIR    ?= build-asan
JOBS        ?= 2
WERROR      ?= OFF
BUILD_TYPE  ?= RelWithDebInfo
SESSION     ?= resources/examples/transformer-layer.yaml

# ccache, when installed, makes rebuilds after a branch switch or in a second checkout quick.
CCACHE      := $(shell command -v ccache 2>/dev/null)
CMAKE_CONFIGURE = cmake -S . -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) $(if $(CCACHE),-DCMAKE_CXX_COMPILER_LAUNCHER=$(CCACHE))

.PHONY: all deps configure build run test test-asan bench format format-check tidy clean

all: build

deps:
	@bash tools/install-deps.sh

$(BUILD_DIR)/build.ninja: | deps
	$(CMAKE_CONFIGURE) -B $(BUILD_DIR) -DROOFSCOPE_WERROR=$(WERROR)

configure: deps
	@$(CMAKE_CONFIGURE) -B $(BUILD_DIR) -DROOFSCOPE_WERROR=$(WERROR) >/dev/null

build: deps $(BUILD_DIR)/build.ninja
	@if ! grep -q "ROOFSCOPE_WERROR:BOOL=$(WERROR)" $(BUILD_DIR)/CMakeCache.txt; then \
		$(CMAKE_CONFIGURE) -B $(BUILD_DIR) -DROOFSCOPE_WERROR=$(WERROR) >/dev/null; fi
	cmake --build $(BUILD_DIR) -j$(JOBS)

run: build
	./$(BUILD_DIR)/app/roofscope $(SESSION)

test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j$(JOBS) -LE bench

# The whole suite under AddressSanitizer + UndefinedBehaviorSanitizer.
test-asan: deps
	@test -f $(ASAN_DIR)/build.ninja || $(CMAKE_CONFIGURE) -B $(ASAN_DIR) -DCMAKE_BUILD_TYPE=Debug \
		-DROOFSCOPE_SANITIZE=ON -DROOFSCOPE_WERROR=$(WERROR)
	cmake --build $(ASAN_DIR) -j$(JOBS)
	cd $(ASAN_DIR) && ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp \
		UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j$(JOBS) -LE bench

bench: build
	./$(BUILD_DIR)/tests/roofscope-bench
	./$(BUILD_DIR)/tests/roofscope-ranges-bench

format:
	clang-format -i $$(git ls-files '*.cpp' '*.h')

format-check:
	clang-format --dry-run -Werror $$(git ls-files '*.cpp' '*.h')

tidy: build
	clang-tidy -p $(BUILD_DIR) $$(git ls-files 'core/*.cpp')

clean:
	rm -rf $(BUILD_DIR) $(ASAN_DIR)
