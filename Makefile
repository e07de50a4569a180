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
#   make readme     rewrite the output under each "$ bin/smsim ..." of README.md from a real
#                   run (tests/readme_update.sh; tests/readme.sh, in make test, checks them)
#   make man        the man page build/smsim.1 (from smsim help --man: the same text as --help)
#   make install    bin/smsim, arch/*.json and the man page under PREFIX (default /usr/local):
#                   PREFIX/bin/smsim, PREFIX/share/smsim/arch/, PREFIX/share/man/man1/smsim.1
#   make uninstall  removes what make install put there (same PREFIX)
#   make ubench     the companion CUDA microbenchmark (needs nvcc)
#   make fuzz       libFuzzer targets, FUZZ_SECONDS each (needs clang)
#   make deps       install the Debian packages smsim needs (as root), or print the command
#
# Switches: CC=..., CI=1 (adds -Werror), FUZZ_SECONDS=N, JOBS=N (sweep jobs for make run),
#   PGO=0 (no profile-guided build of the simulator's core; on by default with GCC),
#   PREFIX=DIR and DESTDIR=DIR (install; the binary also looks for its arch files in
#   PREFIX/share/smsim/arch, so build and install with the same PREFIX).
# The build records its flags in $(BUILD)/flags: changing CC, CFLAGS, CI or PGO
# rebuilds every object.

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

# The engine's rooms, one file per mechanism: sim/sm.c #includes them (one
# translation unit, so the compiler inlines across them and the PGO build
# below is keyed on sm.c alone). They are never compiled on their own; -MMD
# lists them among sm.o's dependencies, so sm.o rebuilds when one changes.
ROOMS    = sim/ctl.c sim/pipe.c sim/warp.c sim/lanes.c sim/mem.c sim/issue.c sim/sched.c sim/launch.c sim/stats.c
# The importer's room: isa/import.c #includes it the same way.
ISA_ROOMS = isa/laneaddr.c isa/uniflow.c
PREFIX  ?= /usr/local
DESTDIR ?=
BINDIR   = $(PREFIX)/bin
DATADIR  = $(PREFIX)/share/smsim
MANDIR   = $(PREFIX)/share/man/man1

LIB_SRC  = $(filter-out sim/main.c $(ROOMS),$(wildcard sim/*.c)) $(filter-out $(ISA_ROOMS),$(wildcard isa/*.c)) $(wildcard workloads/*.c)
LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/%.o)
TEST_SRC = $(wildcard tests/test_*.c)
TEST_BIN = $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
SMSIM    = bin/smsim$(BINSUFFIX)
# build records, see below
FLAGS_FILE   = $(BUILD)/flags
DATADIR_FILE = $(BUILD)/datadir
PGO_TREE     = $(PGO_DIR)/tree

.PHONY: all run test check asan quicktest valgrind debug bench equiv plots ubench fuzz readme deps check-libs clean \
	man install uninstall

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

$(BUILD)/%.o: %.c $(FLAGS_FILE)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c -o $@ $<

# the installed arch folder, compiled into cfg.o (the last place --arch NAME looks)
$(BUILD)/sim/cfg.o: CFLAGS += -DSMSIM_ARCHDIR=\"$(DATADIR)/arch\"
$(BUILD)/sim/cfg.o: $(DATADIR_FILE)

# Profile-guided optimisation of the simulator's core (sim/sm.c with the
# rooms it #includes), with GCC: sm.c is built once instrumented into
# $(PGO_DIR), a training binary runs tests/pgo_train.sh, and sm.o is
# compiled with those counts (both rebuild when sm.c or a room changes:
# $(ROOMS) and the -MMD lists in sm.d). The output is
# byte-identical (make equiv); what changes is the code layout and register
# use of the hot loop, which GCC otherwise lays out by guesswork: 5-11% faster
# on make bench, and no longer moved 5-10% either way by unrelated edits.
PGO     ?= $(shell $(CC) -v 2>&1 | grep -q '^gcc version' && echo 1 || echo 0)
PGO_DIR  = $(BUILD)/pgo

# Build records (rewritten only when they change, so that make rebuilds what
# they feed): the effective compiler and flags, the install folder compiled
# into cfg.o, and the tree's path for the PGO profile. Not by make clean, nor
# by a dry run (make -n), which then shows no rebuild for changed flags.
DRY_RUN := $(findstring n,$(firstword -$(MAKEFLAGS)))
define record
$(if $(DRY_RUN),,$(if $(filter-out clean,$(or $(MAKECMDGOALS),all)),$(if $(subst x$(2),,x$(file <$(1))),$(shell mkdir -p $(dir $(1)))$(file >$(1),$(2)))))
endef
$(call record,$(FLAGS_FILE),CC=$(CC) CFLAGS=$(CFLAGS) PGO=$(PGO) LDLIBS=$(LDLIBS))
$(call record,$(DATADIR_FILE),$(DATADIR))
$(if $(filter 1,$(PGO)),$(call record,$(PGO_TREE),$(CURDIR)))
# (make clean all: the records are gone when the objects are made)
$(FLAGS_FILE) $(DATADIR_FILE) $(PGO_TREE):
	@mkdir -p $(dir $@) && touch $@

ifeq ($(PGO),1)
# both compiles name their auxiliary files alike (-dumpbase, -dumpdir): the
# profile's function ids depend on it; the counts land in $(PGO_DIR)/sim/sm.c.gcda
PGO_AUX  = -dumpbase sm.c -dumpdir $(PGO_DIR)/sim/
#
# The instrumented object names its .gcda by the absolute path of the tree it
# was compiled in, so a copy of the tree (build/ included) would train into
# the original's folder: $(PGO_DIR)/tree records the tree's path and a moved
# or copied tree compiles the instrumented object again, in its own folder.
$(PGO_DIR)/sim/sm.o: sim/sm.c $(ROOMS) $(FLAGS_FILE) $(PGO_TREE)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fprofile-generate -fprofile-update=single $(PGO_AUX) -c -o $@ $<

$(PGO_DIR)/trained: $(PGO_DIR)/sim/sm.o $(BUILD)/sim/main.o $(filter-out $(BUILD)/sim/sm.o,$(LIB_OBJ)) tests/pgo_train.sh
	$(CC) $(CFLAGS) -fprofile-generate -o $(PGO_DIR)/smsim-train $(filter %.o,$^) $(LDLIBS)
	@rm -f $(PGO_DIR)/sim/sm.c.gcda
	SMSIM=$(PGO_DIR)/smsim-train sh tests/pgo_train.sh
	@test -s $(PGO_DIR)/sim/sm.c.gcda || { echo "smsim: PGO training wrote no profile ($(PGO_DIR)/sim/sm.c.gcda); build with PGO=0"; exit 1; }
	@touch $@

$(BUILD)/sim/sm.o: sim/sm.c $(ROOMS) $(PGO_DIR)/trained $(FLAGS_FILE)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fprofile-use -fprofile-partial-training $(PGO_AUX) -c -o $@ $<

-include $(PGO_DIR)/sim/sm.d
endif

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
	@$(MAKE) --no-print-directory BUILD=build/asan BINSUFFIX=-asan OPT="-O1 -DSIM_NO_ASM" PGO=0 \
		SANFLAGS="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
		all $(TEST_SRC:tests/%.c=build/asan/tests/%)
	@ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
		SMSIM=./bin/smsim-asan BUILD=build/asan SANITIZED=1 sh tests/run.sh

valgrind: deps
	@$(MAKE) --no-print-directory BUILD=build/vg BINSUFFIX=-vg OPT=-O0 PGO=0 all $(TEST_SRC:tests/%.c=build/vg/tests/%)
	@SMSIM=./bin/smsim-vg BUILD=build/vg VALGRIND=1 QUICK=1 sh tests/run.sh

debug:
	@$(MAKE) --no-print-directory BUILD=build/debug BINSUFFIX=-debug OPT=-O0 PGO=0 SANFLAGS=-DSIM_DEBUG all

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

readme: all
	@SMSIM=./$(SMSIM) sh tests/readme_update.sh

man: $(BUILD)/smsim.1

$(BUILD)/smsim.1: $(SMSIM)
	./$(SMSIM) help --man >$@.tmp && mv $@.tmp $@

install: all $(BUILD)/smsim.1
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/arch $(DESTDIR)$(MANDIR)
	install -m 755 $(SMSIM) $(DESTDIR)$(BINDIR)/smsim
	install -m 644 arch/*.json $(DESTDIR)$(DATADIR)/arch/
	install -m 644 $(BUILD)/smsim.1 $(DESTDIR)$(MANDIR)/smsim.1

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/smsim $(DESTDIR)$(MANDIR)/smsim.1
	rm -f $(addprefix $(DESTDIR)$(DATADIR)/arch/,$(notdir $(wildcard arch/*.json)))
	-rmdir $(DESTDIR)$(DATADIR)/arch $(DESTDIR)$(DATADIR) 2>/dev/null

clean:
	rm -rf build bin

-include $(LIB_OBJ:.o=.d) $(BUILD)/sim/main.d
