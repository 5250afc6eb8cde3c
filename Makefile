# Builds tictactoe in release and installs it, with its stock front ends, the front-end header
# and a pkg-config file for front-end authors:
#
#   make install PREFIX=/usr/local            # or: make install PREFIX=$HOME/.local
#   make install PREFIX=/usr DESTDIR=/tmp/pkg # staged, for packaging
#   make uninstall PREFIX=/usr/local
#
# What goes where:
#   PREFIX/bin/tictactoe
#   PREFIX/lib/tictactoe/frontends/libtictactoe-{text,ansi,jsonl,example}.so (and -web.so when
#   built: the package builds it where libmicrohttpd's header is installed)
#   PREFIX/include/tictactoe/tictactoe_frontend.h
#   PREFIX/lib/pkgconfig/tictactoe-frontend.pc
#   PREFIX/share/man/man1/tictactoe.1, and completions for bash, zsh and fish under PREFIX/share
#
# 'make generated' writes the man page and the completions under Documentation/ anew.
#
# The Swift runtime: the binaries keep the toolchain's run path (swift build puts the toolchain's
# lib/swift/linux in their RUNPATH), so an install works wherever that toolchain stays where it
# is. BUNDLE_SWIFT_RUNTIME=1 also copies the Swift runtime libraries they need into
# PREFIX/lib/tictactoe/swift, which the extra run paths below point at, so the install keeps
# working without the toolchain. See Scripts/install.sh.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
# Extra flags for every swift build, e.g. SWIFT_BUILD_FLAGS=--scratch-path=/tmp/release
SWIFT_BUILD_FLAGS ?=
BUNDLE_SWIFT_RUNTIME ?= 0

RELEASE = -c release $(SWIFT_BUILD_FLAGS)
# Run paths for a bundled runtime, from PREFIX/bin and from PREFIX/lib/tictactoe/frontends.
# They come after the toolchain's, so an installed toolchain still wins.
RUN_PATHS = -Xlinker -rpath -Xlinker '$$ORIGIN/../lib/tictactoe/swift' \
            -Xlinker -rpath -Xlinker '$$ORIGIN/../swift'
INSTALL_FLAGS = --prefix '$(PREFIX)' --destdir '$(DESTDIR)' \
                $(if $(filter 1,$(BUNDLE_SWIFT_RUNTIME)),--bundle-swift-runtime)

all: build

build:
	$(SWIFT) build $(RELEASE) $(RUN_PATHS)

install: build
	Scripts/install.sh $(INSTALL_FLAGS) --bin-dir "$$($(SWIFT) build $(RELEASE) --show-bin-path)"

uninstall:
	Scripts/install.sh --uninstall $(INSTALL_FLAGS)

# The man page and the shell completions under Documentation/, written anew by tictactoe from
# its command-line table (a test fails when they differ from what it writes).
generated:
	$(SWIFT) build --product tictactoe
	"$$($(SWIFT) build --show-bin-path)/tictactoe" --print-man-page > Documentation/tictactoe.1
	for shell in bash zsh fish; do \
	  "$$($(SWIFT) build --show-bin-path)/tictactoe" completion $$shell > Documentation/completions/$$shell; \
	done
	mv Documentation/completions/bash Documentation/completions/tictactoe.bash
	mv Documentation/completions/zsh Documentation/completions/_tictactoe
	mv Documentation/completions/fish Documentation/completions/tictactoe.fish

.PHONY: all build install uninstall generated
