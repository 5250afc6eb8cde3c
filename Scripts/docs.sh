#!/usr/bin/env bash
# Builds the documentation site: the DocC catalogs of UnidirectionalFlow,
# UnidirectionalFlowTesting and FrontEndKit (Sources/MODULE/MODULE.docc), with the API of each
# module, merged into one static site in .build/docs/site.
#
#   Scripts/docs.sh
#   python3 -m http.server --bind 127.0.0.1 --directory .build/docs/site 8000
#   # then open http://127.0.0.1:8000/
#
# It uses the toolchain's own tools, nothing fetched: the modules are built in debug (a no-op
# after `swift build`), `swift symbolgraph-extract` reads their API from the built modules,
# `docc convert` renders each catalog and `docc merge` joins them. Any docc warning (a broken
# symbol link in a doc comment or an article, say) fails the script: docc runs with
# --warnings-as-errors.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(UnidirectionalFlow UnidirectionalFlowTesting FrontEndKit)
work=.build/docs
site=$work/site

if command -v docc >/dev/null; then
  docc=docc
else
  docc="$(dirname "$(command -v swift)")/docc"
fi

echo "-- building the modules"
# UnidirectionalFlowTesting depends on UnidirectionalFlow, so two builds cover the three.
swift build --target UnidirectionalFlowTesting
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
    --transform-for-static-hosting --warnings-as-errors \
    --output-path "$work/archives/$module.doccarchive"
done

archives=()
for module in "${modules[@]}"; do archives+=("$work/archives/$module.doccarchive"); done
"$docc" merge "${archives[@]}" \
  --synthesized-landing-page-name tictactoe-host --synthesized-landing-page-kind Package \
  --synthesized-landing-page-topics-style list \
  --output-path "$site"

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
