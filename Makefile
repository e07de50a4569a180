# smsim: a cycle-level simulator of one NVIDIA GPU streaming multiprocessor.
#
# Targets:
#   make            build bin/smsim (C11, -O2 -g -Wall -Wextra; -Werror when CI is set)
#   make run        install missing Debian packages, build, run the default sweep
#   make test       install missing packages, build, run every test (unit + command line)
#   make check      the tests built with -fsanitize=address,undefined (alias: make asan)
#   make quicktest  the unit tests only, no set-up: before each commit
#   make valgrind   the unit tests under valgrind memcheck, built at -O0
#   make debug      bin/smsim-debug at -O0 with -DSIM_DEBUG
#   make bench      speed and memory benchmark (bench/README in tests/bench.sh)
#   make equiv      output byte-identical to another build: make equiv PREV=/path/to/smsim
#   make plots      the course figures into plots/out/ (SVG and PNG)
#   make ubench     the companion CUDA microbenchmark (needs nvcc)
#   make fuzz       libFuzzer targets, FUZZ_SECONDS each (needs clang)
#   make deps       install the Debian packages smsim needs (as root), or print the command
#
# Switches: CC=..., CI=1 (adds -Werror), FUZZ_SECONDS=N, JOBS=N (sweep jobs for make run).

CC       ?= cc
BUILD    ?= build
PKGS      = gsl libcjson
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
CMOCKA_LIBS := $(shell pkg-config --libs cmocka 2>/dev/null)
OPT      ?= -O2
CFLAGS   ?= $(OPT) -g
CFLAGS   += -std=c11 -Wall -Wextra -MMD -MP -D_GNU_SOURCE $(PKG_CFLAGS) $(SANFLAGS)
ifneq ($(CI),)
CFLAGS   += -Werror
endif
LDLIBS    = $(PKG_LIBS) -lm -lpthread
DEBIAN_PKGS = build-essential pkg-config libgsl-dev libcjson-dev libcmocka-dev gnuplot-nox

LIB_SRC  = $(filter-out sim/main.c,$(wildcard sim/*.c)) $(wildcard isa/*.c) $(wildcard workloads/*.c)
LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/%.o)
TEST_SRC = $(wildcard tests/test_*.c)
TEST_BIN = $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
SMSIM    = bin/smsim$(BINSUFFIX)

.PHONY: all run test check asan quicktest valgrind debug bench equiv plots ubench fuzz deps check-libs clean

all: check-libs $(SMSIM)

check-libs:
	@pkg-config --exists gsl 2>/dev/null || { echo "smsim: GSL not found: install the Debian package libgsl-dev (make deps)"; exit 1; }
	@pkg-config --exists libcjson 2>/dev/null || { echo "smsim: cJSON not found: install the Debian package libcjson-dev (make deps)"; exit 1; }

deps:
	@missing=""; \
	command -v cc >/dev/null 2>&1 || missing="$$missing build-essential"; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	pkg-config --exists gsl 2>/dev/null || missing="$$missing libgsl-dev"; \
	pkg-config --exists libcjson 2>/dev/null || missing="$$missing libcjson-dev"; \
	pkg-config --exists cmocka 2>/dev/null || missing="$$missing libcmocka-dev"; \
	command -v gnuplot >/dev/null 2>&1 || missing="$$missing gnuplot-nox"; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			echo "smsim: installing$$missing"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
		else \
			echo "smsim: missing packages; run: sudo apt-get install -y$$missing"; exit 1; \
		fi; \
	fi

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c -o $@ $<

$(BUILD)/libsmsim.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(SMSIM): $(BUILD)/sim/main.o $(BUILD)/libsmsim.a
	@mkdir -p bin
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/tests/%: tests/%.c $(BUILD)/libsmsim.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $< $(BUILD)/libsmsim.a $(LDLIBS) $(CMOCKA_LIBS)

run: deps
	@$(MAKE) --no-print-directory all
	./$(SMSIM) $(if $(JOBS),sweep --demo --jobs $(JOBS))

test: deps
	@$(MAKE) --no-print-directory all $(TEST_BIN)
	@SMSIM=./$(SMSIM) BUILD=$(BUILD) sh tests/run.sh

quicktest: all $(TEST_BIN)
	@SMSIM=./$(SMSIM) BUILD=$(BUILD) QUICK=1 sh tests/run.sh

# check builds without the x86 POPCNT/ROUNDSD paths (SIM_NO_ASM): the same
# tests then hold the portable fallbacks to the same numbers
check asan: deps
	@$(MAKE) --no-print-directory BUILD=build/asan BINSUFFIX=-asan OPT="-O1 -DSIM_NO_ASM" \
		SANFLAGS="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
		all $(TEST_SRC:tests/%.c=build/asan/tests/%)
	@ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
		SMSIM=./bin/smsim-asan BUILD=build/asan SANITIZED=1 sh tests/run.sh

valgrind: deps
	@$(MAKE) --no-print-directory BUILD=build/vg BINSUFFIX=-vg OPT=-O0 all $(TEST_SRC:tests/%.c=build/vg/tests/%)
	@SMSIM=./bin/smsim-vg BUILD=build/vg VALGRIND=1 QUICK=1 sh tests/run.sh

debug:
	@$(MAKE) --no-print-directory BUILD=build/debug BINSUFFIX=-debug OPT=-O0 SANFLAGS=-DSIM_DEBUG all

bench: all
	@sh tests/bench.sh

equiv: all
	@PREV=$(PREV) sh tests/equiv.sh

plots: all
	@sh plots/make_plots.sh

ubench:
	@command -v nvcc >/dev/null 2>&1 || PATH="$$PATH:/usr/local/cuda/bin"; \
	if command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ]; then \
		mkdir -p bin && PATH="$$PATH:/usr/local/cuda/bin" nvcc -O3 -arch=sm_90 -lineinfo -o bin/ubench workloads/cuda/ubench.cu; \
	else echo "smsim: nvcc not found: the CUDA microbenchmark is not built (the simulator does not need it)"; fi

fuzz:
	@sh tests/fuzz/run.sh $(or $(FUZZ_SECONDS),60)

clean:
	rm -rf build bin

-include $(LIB_OBJ:.o=.d) $(BUILD)/sim/main.d
