#!/usr/bin/env bash
# Builds the documentation site: the DocC catalogs of UnidirectionalFlow,
# UnidirectionalFlowTesting, UnidirectionalFlowMacros and FrontEndKit
# (Sources/MODULE/MODULE.docc), with the API of each module, merged into one static site in
# .build/docs/site, whose landing page has the overview in Documentation/Site.docc.
#
#   Scripts/docs.sh [--hosting-base-path PATH]
#   python3 -m http.server --bind 127.0.0.1 --directory .build/docs/site 8000
#   # then open http://127.0.0.1:8000/
#
# --hosting-base-path PATH makes a site to serve under /PATH/ instead of at a server's root
# (a project page, say): copy .build/docs/site to the server's PATH directory.
#
# It uses the toolchain's own tools, nothing fetched: the modules are built in debug (a no-op
# after `swift build`), `swift symbolgraph-extract` reads their API from the built modules,
# `docc convert` renders each catalog and `docc merge` joins them. Any docc warning (a broken
# symbol link in a doc comment or an article, say) fails the script: docc runs with
# --warnings-as-errors.
set -euo pipefail
cd "$(dirname "$0")/.."

hosting=()
while [ $# -gt 0 ]; do
  case "$1" in
    --hosting-base-path)
      [ $# -ge 2 ] || { echo "docs.sh: --hosting-base-path needs a PATH" >&2; exit 2; }
      hosting=(--hosting-base-path "$2")
      shift 2
      ;;
    --hosting-base-path=*)
      hosting=(--hosting-base-path "${1#*=}")
      shift
      ;;
    -h | --help)
      sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "docs.sh: unknown argument '$1' (usage: Scripts/docs.sh [--hosting-base-path PATH])" >&2
      exit 2
      ;;
  esac
done

modules=(UnidirectionalFlow UnidirectionalFlowTesting UnidirectionalFlowMacros FrontEndKit)
work=.build/docs
site=$work/site

if command -v docc >/dev/null; then
  docc=docc
else
  docc="$(dirname "$(command -v swift)")/docc"
fi

echo "-- building the modules"
# UnidirectionalFlowTesting and UnidirectionalFlowMacros depend on UnidirectionalFlow, so
# three builds cover the four.
swift build --target UnidirectionalFlowTesting
swift build --target UnidirectionalFlowMacros
swift build --target FrontEndKit
bin=$(swift build --show-bin-path)
triple=$(basename "$(dirname "$bin")")

rm -rf "$work"
for module in "${modules[@]}"; do
  echo "-- $module"
  mkdir -p "$work/symbol-graphs/$module" "$work/archives"
  # FrontEndKit imports the C module of the ABI header; its module map is in the build.
  swift symbolgraph-extract -module-name "$module" -target "$triple" -I "$bin/Modules" \
    -Xcc -fmodule-map-file="$bin/TicTacToeFrontEndABI.build/module.modulemap" \
    -minimum-access-level public -output-dir "$work/symbol-graphs/$module"
  "$docc" convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$work/symbol-graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "tictactoe-host.$module" \
    --transform-for-static-hosting ${hosting[@]+"${hosting[@]}"} --warnings-as-errors \
    --output-path "$work/archives/$module.doccarchive"
done

archives=()
for module in "${modules[@]}"; do archives+=("$work/archives/$module.doccarchive"); done
"$docc" merge "${archives[@]}" \
  --synthesized-landing-page-name tictactoe-host --synthesized-landing-page-kind Package \
  --synthesized-landing-page-topics-style list \
  --output-path "$site"

# The merged landing page lists the modules; its overview comes from Documentation/Site.docc,
# rendered on its own and spliced into the landing page's data.
echo "-- the landing page's overview"
"$docc" convert Documentation/Site.docc \
  --fallback-display-name tictactoe-host --fallback-bundle-identifier tictactoe-host.site \
  --warnings-as-errors --output-path "$work/archives/Site.doccarchive"
landing="$site/data/documentation.json"
jq --slurpfile overview "$work/archives/Site.doccarchive/data/documentation/site.json" \
  '.abstract = $overview[0].abstract
   | .primaryContentSections = $overview[0].primaryContentSections' \
  "$landing" >"$landing.new"
mv "$landing.new" "$landing"

# The site's root is no page of its own: send it to the landing page.
cat >"$site/index.html" <<'EOF'
<!doctype html>
<meta charset="utf-8">
<title>tictactoe-host documentation</title>
<meta http-equiv="refresh" content="0; url=documentation/">
<a href="documentation/">Documentation</a>
EOF

cat <<EOF
Documentation: $site
Read it in a browser:
  python3 -m http.server --bind 127.0.0.1 --directory $site 8000
  open http://127.0.0.1:8000/
EOF
