#!/usr/bin/env bash
# Installs products that are already built (the root Makefile builds them in release first):
#
#   Scripts/install.sh --prefix PREFIX --bin-dir DIR [--destdir DIR] [--bundle-swift-runtime]
#   Scripts/install.sh --uninstall --prefix PREFIX [--destdir DIR]
#
#   --prefix PREFIX   where the files go (absolute; default /usr/local)
#   --bin-dir DIR     the directory swift build put the products in (swift build --show-bin-path)
#   --destdir DIR     stage the install under DIR (PREFIX stays the one written into files);
#                     the DESTDIR environment variable works too
#   --bundle-swift-runtime
#                     also copy the Swift runtime libraries the binaries need (as ldd resolves
#                     them into the toolchain) to PREFIX/lib/tictactoe/swift. They are used
#                     only if the binaries have that directory in their run path: the Makefile's
#                     release build adds it.
#   --uninstall       remove what an install put there
#
# Installs:
#   PREFIX/bin/tictactoe
#   PREFIX/lib/tictactoe/frontends/libtictactoe-{text,ansi,jsonl,example}.so (and -web.so when
#   built: the package builds it where libmicrohttpd's header is installed)
#   PREFIX/include/tictactoe/tictactoe_frontend.h
#   PREFIX/lib/pkgconfig/tictactoe-frontend.pc
#   PREFIX/share/man/man1/tictactoe.1
#   PREFIX/share/bash-completion/completions/tictactoe
#   PREFIX/share/zsh/site-functions/_tictactoe
#   PREFIX/share/fish/vendor_completions.d/tictactoe.fish
# The man page and the completions are the ones under Documentation/, which a test keeps equal
# to what the built tictactoe writes (--print-man-page, completion SHELL).
# The installed tictactoe looks for its stock front ends in ../lib/tictactoe/frontends relative
# to itself (FrontEndSearchPath), so the tree can live under any prefix.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
header="$root/Sources/TicTacToeFrontEndABI/include/tictactoe_frontend.h"
# Each generated document, and where it goes under PREFIX.
documents=(
  "Documentation/tictactoe.1:share/man/man1/tictactoe.1"
  "Documentation/completions/tictactoe.bash:share/bash-completion/completions/tictactoe"
  "Documentation/completions/_tictactoe:share/zsh/site-functions/_tictactoe"
  "Documentation/completions/tictactoe.fish:share/fish/vendor_completions.d/tictactoe.fish"
)
frontends=(text ansi jsonl example)

prefix=/usr/local
bin_dir=
destdir=${DESTDIR:-}
bundle_runtime=0
uninstall=0

fail() {
  echo "install.sh: $*" >&2
  exit 1
}

while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix=${2:?--prefix needs a directory}; shift 2 ;;
    --prefix=*) prefix=${1#*=}; shift ;;
    --bin-dir) bin_dir=${2:?--bin-dir needs a directory}; shift 2 ;;
    --bin-dir=*) bin_dir=${1#*=}; shift ;;
    --destdir) destdir=${2-}; shift 2 ;;
    --destdir=*) destdir=${1#*=}; shift ;;
    --bundle-swift-runtime) bundle_runtime=1; shift ;;
    --uninstall) uninstall=1; shift ;;
    -h | --help) sed -n '2,32p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) fail "unknown argument '$1' (try --help)" ;;
  esac
done

case "$prefix" in
  /*) prefix=${prefix%/} ;;
  *) fail "--prefix must be an absolute directory, not '$prefix'" ;;
esac
dest="$destdir$prefix"
frontend_dir="$dest/lib/tictactoe/frontends"
runtime_dir="$dest/lib/tictactoe/swift"

if [ "$uninstall" = 1 ]; then
  rm -f "$dest/bin/tictactoe" "$dest/include/tictactoe/tictactoe_frontend.h" \
    "$dest/lib/pkgconfig/tictactoe-frontend.pc"
  for name in "${frontends[@]}" web; do rm -f "$frontend_dir/libtictactoe-$name.so"; done
  rm -rf "$runtime_dir"
  for document in "${documents[@]}"; do rm -f "$dest/${document#*:}"; done
  # Our own directories, if nothing else was put in them.
  rmdir "$frontend_dir" "$dest/lib/tictactoe" "$dest/include/tictactoe" 2>/dev/null || true
  echo "uninstalled tictactoe from $dest"
  exit 0
fi

[ -n "$bin_dir" ] || fail "--bin-dir is required (the directory of the built products)"
[ -x "$bin_dir/tictactoe" ] || fail "$bin_dir/tictactoe is missing: build first (swift build)"
[ ! -f "$bin_dir/libtictactoe-web.so" ] || frontends+=(web)
for name in "${frontends[@]}"; do
  [ -f "$bin_dir/libtictactoe-$name.so" ] \
    || fail "$bin_dir/libtictactoe-$name.so is missing: build first (swift build)"
done

# The ABI version the header describes is the version of the pkg-config package.
abi_version() { sed -n "s/^#define TTT_ABI_VERSION_$1 \([0-9][0-9]*\)u\{0,1\}$/\1/p" "$header"; }
version="$(abi_version MAJOR).$(abi_version MINOR)"
[ "$version" != "." ] || fail "cannot read the ABI version from $header"

install -d "$dest/bin" "$frontend_dir" "$dest/include/tictactoe" "$dest/lib/pkgconfig"
install -m 755 "$bin_dir/tictactoe" "$dest/bin/tictactoe"
for name in "${frontends[@]}"; do
  install -m 755 "$bin_dir/libtictactoe-$name.so" "$frontend_dir/libtictactoe-$name.so"
done
install -m 644 "$header" "$dest/include/tictactoe/tictactoe_frontend.h"
for document in "${documents[@]}"; do
  install -D -m 644 "$root/${document%%:*}" "$dest/${document#*:}"
done

pc=$(mktemp)
trap 'rm -f "$pc"' EXIT
cat >"$pc" <<EOF
prefix=$prefix
includedir=\${prefix}/include

Name: tictactoe-frontend
Description: The C ABI of tictactoe front ends (header only: link nothing)
Version: $version
Cflags: -I\${includedir}/tictactoe
EOF
install -m 644 "$pc" "$dest/lib/pkgconfig/tictactoe-frontend.pc"

if [ "$bundle_runtime" = 1 ]; then
  # The toolchain's runtime directory: where ldd finds libswiftCore.so for the host.
  core=$(ldd "$bin_dir/tictactoe" | awk '$1 == "libswiftCore.so" { print $3 }')
  [ -n "$core" ] && [ -f "$core" ] || fail "ldd finds no libswiftCore.so for $bin_dir/tictactoe"
  toolchain_lib=$(dirname "$core")
  binaries=("$bin_dir/tictactoe")
  for name in "${frontends[@]}"; do binaries+=("$bin_dir/libtictactoe-$name.so"); done
  install -d "$runtime_dir"
  # Every library ldd resolves into the toolchain, for the host and for each front end.
  ldd "${binaries[@]}" \
    | awk -v dir="$toolchain_lib/" '$2 == "=>" && index($3, dir) == 1 { print $3 }' | sort -u \
    | while read -r library; do install -m 644 "$library" "$runtime_dir/"; done
  if ! readelf -d "$bin_dir/tictactoe" | grep -q 'lib/tictactoe/swift'; then
    echo "install.sh: warning: $bin_dir/tictactoe has no run path to lib/tictactoe/swift;" \
      "the bundled runtime is used only by binaries built with 'make' (see Makefile)" >&2
  fi
fi

echo "installed tictactoe (front-end ABI $version) into $dest"
