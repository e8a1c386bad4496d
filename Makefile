# grognard — one plain Makefile.
#
#   make            build libgrognard (static + shared) and the grognard binary
#   make run        install missing packages, build, serve a game of the default
#                   scenario to the table (FAMILY=aigles|gdb|gt, LISTEN=ADDR:PORT)
#   make demo       the first run: the default scenario plays itself, narrated
#   make check      install missing packages, build, run every test
#   make check-san  the tests again, built with AddressSanitizer + UBSan
#   make pot        refreshes po/grognard.pot from the sources (xgettext)
#   make update-po  pot, then msgmerge into every po/*.po
#   make check-po   (part of make check) every marked message translated in
#                   po/*.po, none fuzzy,
#                   msgfmt --check clean (scripts/check-po.sh)
#   make check-layers (part of make check) no file includes a higher layer's
#                   header, no library file the umbrella, no file of src/ or
#                   web/ over 800 lines (scripts/check-layers.sh)
#   make check-cycles (part of make check) no circle of files in src/game,
#                   src/server...: read from the built objects (scripts/check-cycles.sh)
#   make man        the man pages' option lists written from the commands' tables
#                   (make check-man, part of make check, compares them)
#   make bench      build and run the benchmarks (they print their figures)
#   make fuzz       run each fuzz target for FUZZ_SECONDS (clang + libFuzzer)
#   make install    PREFIX=/usr/local DESTDIR= : binary, libraries, headers,
#                   grognard.pc, data, man page, translations
#   make clean
#
# Sources are found by wildcard: a new module is a new .c file, a new test
# program a new tests/test_*.c, a new benchmark a new bench/bench_*.c.

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCDIR ?= $(PREFIX)/include
DATADIR ?= $(PREFIX)/share/grognard
MANDIR ?= $(PREFIX)/share/man
LOCALEDIR ?= $(PREFIX)/share/locale
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig

VERSION := 0.1.0
SOVERSION := 0

CC ?= cc
# V=1 shows every command; by default one short line per step.
ifeq ($(V),1)
Q :=
else
Q := @
endif
ifeq ($(SAN),1)
BUILD ?= build-san
SANFLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
OPT ?= -O1 -g
else
BUILD ?= build
SANFLAGS :=
OPT ?= -O2 -g
endif

PKGS := jansson sqlite3 libedit nettle gmp cairo libqrencode
# libcsv (roster CSV import) has no pkg-config file: linked by name.
EXTRA_LIBS := -lcsv
# grognard serve (src/server, its own archive): only the binary, tests and benchmarks link it.
SERVER_PKGS := libmicrohttpd zlib
WARN := -std=c11 -Wall -Wextra -Wpedantic -Wmissing-prototypes -Wstrict-prototypes \
        -Wshadow -Wformat=2 -Wvla -Werror
# Deferred (=): pkg-config runs when a recipe needs it, after scripts/deps.sh.
CPPFLAGS_ALL = -D_POSIX_C_SOURCE=200809L -DGROG_LOCALEDIR='"$(LOCALEDIR)"' \
               -Iinclude -Isrc -Isrc/core -Isrc/io $(shell pkg-config --cflags $(PKGS) $(SERVER_PKGS))
CFLAGS_ALL = $(WARN) $(OPT) -fPIC $(SANFLAGS) $(CFLAGS)
LIBS = $(shell pkg-config --libs $(PKGS)) $(EXTRA_LIBS) -lm
SERVER_LIBS = $(shell pkg-config --libs $(SERVER_PKGS)) -lpthread
# libcurl: the HTTP tests' client only.
TEST_LIBS = $(shell pkg-config --libs cmocka libcurl)

LIB_SRC := $(sort $(wildcard src/core/*.c src/model/*.c src/rules/*/*.c src/game/*.c src/io/*.c src/view/*.c))
SERVER_SRC := $(sort $(wildcard src/server/*.c))
CLI_SRC := $(filter-out src/cli/main.c,$(sort $(wildcard src/cli/*.c)))
DATA := $(sort $(wildcard data/*/*.json))
# The table page (web/, issue 15): embedded as "web/PATH", served by grognard serve.
WEB := $(sort $(shell find web -type f ! -name '.*' 2>/dev/null))
TESTS := $(patsubst tests/%.c,$(BUILD)/tests/%,$(sort $(wildcard tests/test_*.c)))
# What several test programs share (tests/NAME_util.c and .h): one archive linked into
# every test program, which takes only the helpers it calls.
TEST_UTIL_SRC := $(sort $(wildcard tests/*_util.c))
TEST_UTIL_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(TEST_UTIL_SRC))
TEST_UTIL_HDR := tests/testutil.h $(wildcard tests/*_util.h)
TEST_UTIL := $(BUILD)/tests/libtestutil.a
BENCHES := $(patsubst bench/%.c,$(BUILD)/bench/%,$(sort $(wildcard bench/bench_*.c)))
HEADERS := $(wildcard include/grognard/*.h src/*/*.h src/rules/*/*.h)

LIB_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(LIB_SRC)) $(BUILD)/gen/embedded.o
CLI_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(CLI_SRC))
SERVER_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(SERVER_SRC))
SERVER_LIB := $(BUILD)/libgrognard-server.a
STATIC := $(BUILD)/libgrognard.a
SHARED := $(BUILD)/libgrognard.so.$(VERSION)
CLI_LIB := $(BUILD)/libgrognard-cli.a
BIN := $(BUILD)/grognard
# Catalogues, compiled where the binary finds them from the build tree.
PO := $(sort $(wildcard po/*.po))
MO := $(patsubst po/%.po,$(BUILD)/locale/%/LC_MESSAGES/grognard.mo,$(PO))
# What xgettext reads: every source of the library and the CLI.
POT_SRC = $(sort $(wildcard src/*/*.c src/*/*/*.c))
XGETTEXT_FLAGS := --language=C --from-code=UTF-8 --keyword=_ --keyword=N_ \
    --keyword=ngettext:1,2 --keyword=NP_:1,2 --keyword=NC_:1c,2 --add-comments=TRANSLATORS: --package-name=grognard \
    --package-version=$(VERSION) --msgid-bugs-address="grognard issue tracker" --sort-by-file

.PHONY: all build run demo check check-san check-po check-layers check-cycles check-man man update-po test golden bench fuzz install uninstall clean deps pot
.DEFAULT_GOAL := all

all: deps
	@$(MAKE) --no-print-directory build

deps:
	@scripts/deps.sh

build: $(STATIC) $(SHARED) $(BIN) $(MO)

# The table's game: $(BUILD)/table-FAMILY.grog, created the first time and reopened
# after, served to the table's network with the links and QR codes for each side and
# the referee (they carry this machine's address on that network, so a phone that
# scans one opens the game). LISTEN=127.0.0.1:8173 keeps it to this machine.
FAMILY ?= aigles
LISTEN ?= 0.0.0.0:8173
TABLE_GAME = $(BUILD)/table-$(FAMILY).grog
run: deps
	@$(MAKE) --no-print-directory build
	@if [ -f $(TABLE_GAME) ]; then \
	    $(BIN) serve $(TABLE_GAME) --listen $(LISTEN); \
	else \
	    $(BIN) serve --new $(TABLE_GAME) --family $(FAMILY) --listen $(LISTEN); \
	fi

# The first run: the default scenario plays itself, narrated (--fast: no pauses).
demo: deps
	@$(MAKE) --no-print-directory build
	$(BIN) demo

# check-po runs before the tests: the tests' "N passed, N failed" must be the
# last line (.ci/run and CI read it).
check: deps
	@scripts/deps.sh --tests
	@$(MAKE) --no-print-directory build
	@$(MAKE) --no-print-directory check-po
	@$(MAKE) --no-print-directory check-layers
	@$(MAKE) --no-print-directory check-cycles
	@$(MAKE) --no-print-directory check-man
	@$(MAKE) --no-print-directory WEB_TESTS=1 test

# (part of make check) no file includes a header of a higher layer, no library
# file the umbrella grognard/grognard.h, no file of src/ or web/ over 800 lines
# (scripts/check-layers.sh, docs/hacking.md).
check-layers:
	@scripts/check-layers.sh

# (part of make check) no circle of files in a folder of src/: the graph of
# which object uses a name another defines (nm) has no strongly connected
# component (scripts/check-cycles.sh; docs/hacking.md, "The game engine").
check-cycles: $(STATIC) $(SERVER_LIB)
	@scripts/check-cycles.sh $(BUILD)

# The man pages' lists of each command's options, from the commands' tables (cli_opt
# in src/cli): make man writes them, make check-man (part of make check) fails when a
# page is not what the tables say (scripts/man-options.sh).
man: $(BIN) $(MO)
	@scripts/man-options.sh $(BIN)

check-man: $(BIN) $(MO)
	@scripts/man-options.sh $(BIN) --check

check-san: deps
	@$(MAKE) --no-print-directory SAN=1 test

# WEB_TESTS=1 (make check) adds the page's tests in Chromium (tests/web/run.sh).
test: $(BIN) $(MO) $(TESTS)
	@tests/run.sh $(BUILD) $(if $(filter 1,$(WEB_TESTS)),--web)

bench: deps
	@$(MAKE) --no-print-directory build $(BENCHES)
	@for b in $(BENCHES); do echo "== $$b"; $$b || exit 1; done

$(BUILD)/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	@[ -n "$(Q)" ] && echo "  CC      $<" || true
	$(Q)$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) -c $< -o $@

$(BUILD)/locale/%/LC_MESSAGES/grognard.mo: po/%.po
	@mkdir -p $(dir $@)
	@[ -n "$(Q)" ] && echo "  MSGFMT  $<" || true
	$(Q)msgfmt --check -o $@ $<

$(BUILD)/tools/embed: tools/embed.c
	@mkdir -p $(dir $@)
	$(Q)$(CC) -std=c11 -Wall -Wextra -O1 $< -o $@

$(BUILD)/gen/embedded.c: $(BUILD)/tools/embed $(DATA) $(WEB)
	@mkdir -p $(dir $@)
	$(Q)$(BUILD)/tools/embed $@ data $(DATA) --root '' $(WEB)

$(BUILD)/gen/embedded.o: $(BUILD)/gen/embedded.c src/io/embedded.h
	$(Q)$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) -c $< -o $@

$(STATIC): $(LIB_OBJ)
	@rm -f $@
	$(Q)ar rcs $@ $^

$(SHARED): $(LIB_OBJ)
	$(Q)$(CC) -shared -Wl,-soname,libgrognard.so.$(SOVERSION) $(SANFLAGS) -o $@ $^ $(LIBS)
	$(Q)ln -sf libgrognard.so.$(VERSION) $(BUILD)/libgrognard.so.$(SOVERSION)
	$(Q)ln -sf libgrognard.so.$(SOVERSION) $(BUILD)/libgrognard.so

$(CLI_LIB): $(CLI_OBJ)
	@rm -f $@
	$(Q)ar rcs $@ $^

$(SERVER_LIB): $(SERVER_OBJ)
	@rm -f $@
	$(Q)ar rcs $@ $^

$(BIN): $(BUILD)/src/cli/main.o $(CLI_LIB) $(SERVER_LIB) $(STATIC)
	@[ -n "$(Q)" ] && echo "  LINK    $@" || true
	$(Q)$(CC) $(SANFLAGS) -o $@ $^ $(LIBS) $(SERVER_LIBS)

$(TEST_UTIL_OBJ): $(TEST_UTIL_HDR)

$(TEST_UTIL): $(TEST_UTIL_OBJ)
	@rm -f $@
	$(Q)ar rcs $@ $^

$(BUILD)/tests/%: tests/%.c $(TEST_UTIL_HDR) $(TEST_UTIL) $(CLI_LIB) $(SERVER_LIB) $(STATIC)
	@mkdir -p $(dir $@)
	@[ -n "$(Q)" ] && echo "  TEST    $@" || true
	$(Q)$(CC) $(CPPFLAGS_ALL) -Itests $(CFLAGS_ALL) $< -o $@ $(TEST_UTIL) $(CLI_LIB) $(SERVER_LIB) $(STATIC) $(TEST_LIBS) $(LIBS) $(SERVER_LIBS)

$(BUILD)/bench/%: bench/%.c $(CLI_LIB) $(SERVER_LIB) $(STATIC)
	@mkdir -p $(dir $@)
	@[ -n "$(Q)" ] && echo "  BENCH   $@" || true
	$(Q)$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) $< -o $@ $(CLI_LIB) $(SERVER_LIB) $(STATIC) $(LIBS) $(SERVER_LIBS) $(shell pkg-config --libs libcurl)

FUZZ_SECONDS ?= 20
FUZZERS := $(sort $(wildcard tests/fuzz/fuzz_*.c))
# The fuzz targets are compiled into this test, which replays their corpora.
$(BUILD)/tests/test_fuzz_corpus: $(FUZZERS)
fuzz: deps
	@FUZZ_LIB_SRC="$(LIB_SRC)" scripts/fuzz.sh $(FUZZ_SECONDS) $(FUZZERS)

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCDIR)/grognard \
	    $(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(DATADIR) $(DESTDIR)$(MANDIR)/man1
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/grognard
	install -m 644 $(STATIC) $(DESTDIR)$(LIBDIR)/libgrognard.a
	install -m 644 $(SERVER_LIB) $(DESTDIR)$(LIBDIR)/libgrognard-server.a
	install -m 755 $(SHARED) $(DESTDIR)$(LIBDIR)/libgrognard.so.$(VERSION)
	ln -sf libgrognard.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libgrognard.so.$(SOVERSION)
	ln -sf libgrognard.so.$(SOVERSION) $(DESTDIR)$(LIBDIR)/libgrognard.so
	install -m 644 include/grognard/*.h $(DESTDIR)$(INCDIR)/grognard/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@INCDIR@|$(INCDIR)|' \
	    -e 's|@VERSION@|$(VERSION)|' grognard.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/grognard.pc
	cp -R data/. $(DESTDIR)$(DATADIR)/
	install -m 644 man/grognard.1 $(DESTDIR)$(MANDIR)/man1/grognard.1
	@for page in $(wildcard man/*/grognard.1); do \
	    lang=$$(basename $$(dirname $$page)); \
	    install -d $(DESTDIR)$(MANDIR)/$$lang/man1; \
	    install -m 644 $$page $(DESTDIR)$(MANDIR)/$$lang/man1/grognard.1; \
	done
	@for po in $(PO); do \
	    lang=$$(basename $$po .po); \
	    install -d $(DESTDIR)$(LOCALEDIR)/$$lang/LC_MESSAGES; \
	    install -m 644 $(BUILD)/locale/$$lang/LC_MESSAGES/grognard.mo \
	        $(DESTDIR)$(LOCALEDIR)/$$lang/LC_MESSAGES/grognard.mo; \
	done

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/grognard $(DESTDIR)$(LIBDIR)/libgrognard.* \
	    $(DESTDIR)$(PKGCONFIGDIR)/grognard.pc $(DESTDIR)$(MANDIR)/man1/grognard.1
	for page in $(wildcard man/*/grognard.1); do \
	    rm -f $(DESTDIR)$(MANDIR)/$$(basename $$(dirname $$page))/man1/grognard.1; done
	for po in $(PO); do \
	    rm -f $(DESTDIR)$(LOCALEDIR)/$$(basename $$po .po)/LC_MESSAGES/grognard.mo; done
	rm -rf $(DESTDIR)$(INCDIR)/grognard $(DESTDIR)$(DATADIR)

# Rewrites the golden demo outputs (tests/golden): review the diff before committing.
golden: build
	@for f in aigles gdb gt; do \
	    LC_ALL=C $(BIN) demo --full --family $$f > tests/golden/demo-$$f.txt || exit 1; \
	    echo "  GOLDEN  tests/golden/demo-$$f.txt"; \
	done
	@LC_ALL=C $(BIN) demo > tests/golden/demo-first-run.txt && \
	    echo "  GOLDEN  tests/golden/demo-first-run.txt"

# The template: the C sources' messages (xgettext) and the web page's
# (scripts/pot-web.sh: t() and N_() in web/js, data-i18n in web/*.html).
define make_pot
	@mkdir -p $(dir $(1)) $(BUILD)/pot
	$(Q)xgettext $(XGETTEXT_FLAGS) -o $(BUILD)/pot/all.pot $(POT_SRC)
	$(Q)scripts/pot-web.sh $(BUILD)/pot/all.pot
	$(Q)$(BUILD)/tools/potdata $(BUILD)/pot/data.pot $(filter data/rules/% data/plans/%,$(DATA))
	$(Q)xgettext -j --from-code=UTF-8 --sort-by-file -o $(BUILD)/pot/all.pot $(BUILD)/pot/data.pot
	$(Q)cp $(BUILD)/pot/all.pot $(1)
endef

# The data files' texts for people (rules' effects and notes, the demo's notes).
$(BUILD)/tools/potdata: tools/potdata.c
	@mkdir -p $(dir $@)
	$(Q)$(CC) -std=c11 -Wall -Wextra -O1 $(shell pkg-config --cflags jansson) $< -o $@ \
	    $(shell pkg-config --libs jansson)

# Refreshes po/grognard.pot from the sources.
pot: $(BUILD)/tools/potdata
	$(call make_pot,po/grognard.pot)

# pot, then each catalogue merged with it (new messages untranslated, changed
# ones fuzzy), and the web page's tables (web/js/messages.js and one
# web/js/messages-LANG.js per catalogue) written again from the catalogues: the
# translators' step before and after translating.
update-po: pot
	@for po in $(PO); do msgmerge --quiet --update --backup=none --previous $$po po/grognard.pot || exit 1; done
	@scripts/po2js.sh web/js $(PO)

# Every message marked in the sources now (a fresh template in $(BUILD), not
# po/grognard.pot, which may lag) translated in each catalogue, none fuzzy,
# msgfmt --check -c clean, and web/js/messages*.js what the catalogues give.
check-po: $(BUILD)/tools/potdata
	$(call make_pot,$(BUILD)/grognard.pot)
	@scripts/check-po.sh $(BUILD)/grognard.pot $(PO)
	@scripts/po2js.sh --check web/js $(PO)

clean:
	rm -rf build build-san
